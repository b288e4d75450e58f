export {
  DEFAULT_INITIAL_TOKEN_COUNT,
  TokenGrid,
  type TokenGridProps,
  type TokenOption,
  tokenOptionVariants,
} from "./token-grid.js";
