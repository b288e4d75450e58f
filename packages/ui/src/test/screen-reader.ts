import { virtual } from "@guidepup/virtual-screen-reader";

/**
 * Moves the simulated reader on until the last spoken phrase starts with `start`; fails with the
 * whole log if it never does within `steps` moves (a missing element, not an endless loop).
 */
export async function nextUntil(start: string, steps = 60): Promise<void> {
  for (let i = 0; i < steps; i++) {
    if ((await virtual.lastSpokenPhrase()).startsWith(start)) return;
    await virtual.next();
  }
  throw new Error(`never reached "${start}": ${(await virtual.spokenPhraseLog()).join(" | ")}`);
}

/**
 * Lets the simulated reader hear a native radio's or checkbox's current state. It reads the
 * `checked` attribute, which stays as first rendered; browsers and real readers expose the
 * checkedness, which a user's choice changes (React, too, sets the property, not the attribute).
 * While installed, every change of the checkedness, through the property or by the user, is copied
 * into the attribute, for the input and the other radios of its group (checking one radio unchecks
 * them without a word). Copying it changes nothing else: the attribute only sets the default.
 * Returns the function that uninstalls it.
 */
export function mirrorCheckedness(): () => void {
  const proto = HTMLInputElement.prototype;
  const original = Object.getOwnPropertyDescriptor(proto, "checked");
  const get = original?.get;
  const set = original?.set;
  if (!original || !get || !set) throw new Error("HTMLInputElement.prototype.checked is not an accessor");
  const mirror = (input: HTMLInputElement) => {
    const group =
      input.type === "radio" && input.name
        ? Array.from(
            (input.form ?? input.ownerDocument).querySelectorAll<HTMLInputElement>('input[type="radio"]'),
          ).filter((radio) => radio.name === input.name)
        : [input];
    for (const each of group) each.toggleAttribute("checked", get.call(each) as boolean);
  };
  Object.defineProperty(proto, "checked", {
    ...original,
    set(this: HTMLInputElement, value: boolean) {
      set.call(this, value);
      mirror(this);
    },
  });
  const onChange = (event: Event) => {
    if (event.target instanceof HTMLInputElement) mirror(event.target);
  };
  document.addEventListener("change", onChange, true);
  return () => {
    Object.defineProperty(proto, "checked", original);
    document.removeEventListener("change", onChange, true);
  };
}
