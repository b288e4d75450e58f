export { Button, type ButtonProps, buttonVariants, linkVariants } from "./button.js";
