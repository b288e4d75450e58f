import type * as React from "react";
import { useMemo } from "react";

type PossibleRef<T> = React.Ref<T> | undefined;

/**
 * One callback ref that feeds several refs: a component that needs the DOM node itself (to trim
 * a value, to focus) can still forward `ref` to its caller (e.g. react-hook-form's `register`).
 * Returns the cleanup function React 19 calls on detach, so object refs are reset too.
 */
export function composeRefs<T>(...refs: PossibleRef<T>[]): React.RefCallback<T> {
  return (node) => {
    const cleanups = refs.map((ref) => {
      if (typeof ref === "function") {
        const cleanup = ref(node);
        return typeof cleanup === "function" ? cleanup : () => ref(null);
      }
      if (ref) ref.current = node;
      return () => {
        if (ref) ref.current = null;
      };
    });
    return () => {
      for (const cleanup of cleanups) cleanup();
    };
  };
}

/** `composeRefs` kept stable across renders, so React does not detach and re-attach every time. */
export function useComposedRefs<T>(...refs: PossibleRef<T>[]): React.RefCallback<T> {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs themselves are the dependencies
  return useMemo(() => composeRefs(...refs), refs);
}
