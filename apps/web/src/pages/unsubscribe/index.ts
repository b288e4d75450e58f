/** The unsubscribe screen of renewal reminders: its own lazy chunk. */
export { UnsubscribePage } from "./unsubscribe-page.js";
