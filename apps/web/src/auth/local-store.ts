import { STORAGE_KEYS } from "@veil/contracts/constants";

/** localStorage that never throws: storage can be disabled, and nothing here is worth a crash. */
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // The in-memory state still holds; only persistence across reloads is lost.
  }
}

/** docs/product.md §3.3: the password-recovery flag holds "1" while set and is removed when recovery ends. */
export const recoveryFlag = {
  get: (): boolean => read(STORAGE_KEYS.recoveringPassword) === "1",
  set: (on: boolean): void => write(STORAGE_KEYS.recoveringPassword, on ? "1" : null),
};

/** docs/product.md §3.3: the user's e-mail after login, cleared on logout. */
export const storedEmail = {
  get: (): string | null => read(STORAGE_KEYS.email),
  set: (email: string | null): void => write(STORAGE_KEYS.email, email),
};
