export { TextAreaField, type TextAreaFieldProps } from "./text-area-field.js";
