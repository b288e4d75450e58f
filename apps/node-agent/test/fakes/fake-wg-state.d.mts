export function readState<T>(file: string): T;
export function writeState(file: string, state: unknown): void;
export function withStateLock<T>(file: string, work: () => T): T;
