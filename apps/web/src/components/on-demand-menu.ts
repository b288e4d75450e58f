import {
  type ComponentType,
  type KeyboardEvent,
  type PointerEvent,
  startTransition,
  useEffect,
  useRef,
  useState,
} from "react";
import { savesData, whenIdle } from "../browser/idle.js";

/**
 * A menu component whose code (the Radix dropdown: menu, popper, floating-ui, roving focus, ≈ 18 KB
 * gzip) loads on demand. Once loaded, every instance on the page renders it.
 */
export interface OnDemandMenu<P> {
  loaded: ComponentType<P> | null;
  load(): Promise<ComponentType<P>>;
}

export function onDemandMenu<P>(importer: () => Promise<ComponentType<P>>): OnDemandMenu<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const menu: OnDemandMenu<P> = {
    loaded: null,
    load() {
      loading ??= importer().then(
        (component) => {
          menu.loaded = component;
          return component;
        },
        (error: unknown) => {
          loading = null; // the next attempt tries again
          throw error;
        },
      );
      return loading;
    },
  };
  return menu;
}

/** Keys that open the Radix trigger's menu. */
const OPEN_KEYS = new Set(["Enter", " ", "ArrowDown"]);

/**
 * Renders a menu's button alone until the pointer or focus reaches it, then the real menu. The
 * page (and the prerenderer) renders the button; hydration renders the same, and the menu takes
 * over after. Returns the loaded component (null before), whether it should open at once (the
 * button was pressed before the code arrived), a ref for the button, and the button's props.
 */
export function useOnDemandMenu<P>(menu: OnDemandMenu<P>) {
  const [Menu, setMenu] = useState<ComponentType<P> | null>(null);
  // How the button was pressed before the code arrived (the menu then opens at once), or null.
  const [openedBy, setOpenedBy] = useState<"key" | "pointer" | null>(null);
  const openOnLoad = openedBy !== null;
  const hadFocus = useRef(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (menu.loaded) setMenu(() => menu.loaded);
  }, [menu]);

  // The button that had focus is replaced by the menu's trigger: focus moves with it (unless the
  // menu opens, which takes focus itself and gives it back to the trigger when it closes, or the
  // user has moved on: focus left on the page body is the swap's doing, anywhere else is theirs).
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (Menu && hadFocus.current && !openOnLoad && lost) button.current?.focus();
  }, [Menu, openOnLoad]);

  // Opened by a key before the code arrived: Radix puts focus on the first item only when it saw
  // the key itself (its keyboard listener starts with the menu), so it focuses the list. Do what a
  // keyboard open does when that first focus lands (the menu focuses its list a render after it
  // mounts, so this listens for it rather than looking now).
  useEffect(() => {
    if (!Menu || openedBy !== "key") return;
    const onFocusIn = (event: FocusEvent) => {
      document.removeEventListener("focusin", onFocusIn);
      const list = event.target as HTMLElement;
      if (list.getAttribute("role") !== "menu" || list.id !== button.current?.getAttribute("aria-controls")) return;
      list.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus();
    };
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, [Menu, openedBy]);

  // Awake, on screen and idle: the real menu takes the button's place before anyone reaches for it,
  // so a first tap only opens it (issue #30: mounting the Radix menu inside the tap took the
  // language list to 201 ms at phone speed). Only while the button shows: one hidden in the closed
  // mobile menu would be mounted while another tap (a plan's dialog) waits for its code (that tap:
  // 205–220 ms in two runs, 135–163 ms without). A button in use (focused, hovered) is left to the
  // hand paths below, so a screen reader's place is not swapped away under it; a visitor saving
  // data fetches the code only when she reaches for the menu. Without IntersectionObserver (jsdom)
  // it waits for a hand.
  // biome-ignore lint/correctness/useExhaustiveDependencies: load is this render's, and stable in what it does
  useEffect(() => {
    const target = button.current;
    if (Menu || !target || typeof IntersectionObserver !== "function" || savesData()) return;
    let cancel: (() => void) | null = null;
    const shown = new IntersectionObserver((entries) => {
      const visible = entries.some((entry) => entry.isIntersecting);
      if (visible && !cancel) {
        cancel = whenIdle(() => {
          cancel = null;
          if (!target.matches(":focus, :hover")) load(undefined, true);
        }, 5_000);
      } else if (!visible && cancel) {
        cancel();
        cancel = null;
      }
    });
    shown.observe(target);
    return () => {
      shown.disconnect();
      cancel?.();
    };
  }, [Menu]);

  /** Loads the menu's code and swaps it in; `open`: how it was opened; `ahead`: nobody asked yet. */
  function load(open?: "key" | "pointer", ahead = false) {
    if (open) setOpenedBy(open);
    menu.load().then(
      (loaded) => {
        hadFocus.current = document.activeElement !== null && document.activeElement === button.current;
        // Ahead of the visitor the swap may wait: a tap that comes meanwhile is answered first.
        if (ahead) startTransition(() => setMenu(() => loaded));
        else setMenu(() => loaded);
      },
      (error: unknown) => {
        // Offline or a failed deploy: the button stays as it is, a later load must not open the
        // menu by itself, and the next hand on the button asks again (onDemandMenu; a browser may
        // keep answering a failed import with its failure for the rest of the visit).
        setOpenedBy(null);
        console.warn("The menu's code did not load", error);
      },
    );
  }

  const buttonProps = {
    "aria-haspopup": "menu" as const,
    "aria-expanded": false,
    "data-state": "closed",
    onPointerEnter: () => load(),
    onFocus: () => load(),
    onPointerDown: (event: PointerEvent) => {
      if (event.button === 0 && !event.ctrlKey) load("pointer");
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (!OPEN_KEYS.has(event.key)) return;
      event.preventDefault();
      load("key");
    },
    onClick: () => load("pointer"),
  };
  return { Menu, openOnLoad, button, buttonProps };
}
