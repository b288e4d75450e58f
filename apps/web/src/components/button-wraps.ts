/**
 * For buttons with long labels ("Получить новые резервные коды" is wider than a 320 px card): they
 * wrap onto a second line instead of sticking out; one line looks as before.
 */
export const WRAPS = "h-auto min-h-11 max-w-full whitespace-normal py-2.5 text-center";
