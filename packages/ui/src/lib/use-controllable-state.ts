import * as React from "react";

/**
 * State that a caller may control (`value` + `onChange`) or leave to the component (`defaultValue`),
 * the Radix `value`/`defaultValue`/`onValueChange` triple for our own components.
 */
export function useControllableState<T>({
  value,
  defaultValue,
  onChange,
}: {
  value: T | undefined;
  defaultValue: T;
  onChange: ((next: T) => void) | undefined;
}): [T, (next: T) => void] {
  const [uncontrolled, setUncontrolled] = React.useState(defaultValue);
  const isControlled = value !== undefined;
  const current = isControlled ? value : uncontrolled;
  const onChangeRef = React.useRef(onChange);
  onChangeRef.current = onChange;

  const setValue = React.useCallback(
    (next: T) => {
      if (!isControlled) setUncontrolled(next);
      onChangeRef.current?.(next);
    },
    [isControlled],
  );
  return [current, setValue];
}
