export * from "./api.js";
export * from "./api-paths.js";
export * from "./constants.js";
export * from "./plan-list.js";
export * from "./plans.js";
export * from "./tokens.js";
