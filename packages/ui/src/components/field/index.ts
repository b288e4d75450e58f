export {
  Field,
  FieldError,
  FieldHint,
  FieldLabel,
  type FieldLabelProps,
  type FieldProps,
  type FieldState,
  hasContent,
  type LabelledFieldProps,
  type UseFieldOptions,
  useField,
} from "./field.js";
