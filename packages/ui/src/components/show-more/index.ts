export { ShowMore, type ShowMoreProps, type UseShowMoreOptions, useShowMore } from "./show-more.js";
