/** The React roots of the hydrated islands, so the app can unmount them when it takes over the page. */
const roots: { unmount(): void }[] = [];

export function keepIslandRoot(root: { unmount(): void }): void {
  roots.push(root);
}

export function unmountIslands(): void {
  for (const root of roots.splice(0)) root.unmount();
}
