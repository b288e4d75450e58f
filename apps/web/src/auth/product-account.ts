import { API_PATHS, userReplySchema } from "@veil/contracts";
import { z } from "zod";
import { apiFetch } from "../api/client.js";
import { ApiError } from "../api/errors.js";

/**
 * Whether the product backend knows this e-mail (POST /user/web/by-email: 200 yes, 404 no).
 * Other failures are thrown as ApiError for the caller to map (docs/product.md §8).
 */
export async function accountExists(email: string): Promise<boolean> {
  try {
    await apiFetch(API_PATHS.userByEmail, { body: { email }, schema: userReplySchema });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

/** Registers the confirmed user on the product backend (docs/product.md §4.3, after a valid code). */
export async function registerProductUser(email: string): Promise<void> {
  await apiFetch(API_PATHS.registerUser, { body: { email }, schema: z.unknown() });
}
