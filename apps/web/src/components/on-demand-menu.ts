import { type ComponentType, type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";

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
  // language list to 201 ms at phone speed). Only once the button shows: a button hidden in the
  // closed mobile menu would otherwise mount it while another tap (a plan's dialog) waits for its
  // code (that tap: 205–220 ms in two runs, 135–163 ms without). Without these browser APIs (jsdom) it waits for a hand.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first render
  useEffect(() => {
    const target = button.current;
    if (!target || typeof window.requestIdleCallback !== "function" || typeof IntersectionObserver !== "function") {
      return;
    }
    let idle = 0;
    const shown = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      shown.disconnect();
      idle = window.requestIdleCallback(() => load(), { timeout: 5_000 });
    });
    shown.observe(target);
    return () => {
      shown.disconnect();
      if (idle) window.cancelIdleCallback(idle);
    };
  }, []);

  function load(open?: "key" | "pointer") {
    if (open) setOpenedBy(open);
    menu.load().then(
      (loaded) => {
        hadFocus.current = document.activeElement !== null && document.activeElement === button.current;
        setMenu(() => loaded);
      },
      // Offline: the button stays as it is, and the next hand on it tries again (onDemandMenu).
      () => undefined,
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
