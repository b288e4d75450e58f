export { inputVariants, TextField, type TextFieldProps } from "./text-field.js";
