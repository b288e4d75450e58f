/** Display labels of the crypto tokens the product knows (docs/product.md §3.2), in display order. */
export const CRYPTO_TOKENS = {
  USDTTRC: "USDT TRC-20",
  USDTERC: "USDT ERC-20",
  USDTBSC: "USDT BSC",
  USDTTON: "USDT TON",
  USDCERC: "USDC ERC-20",
  USDCBSC: "USDC BSC",
  DAIERC: "DAI ERC-20",
  NOT: "Notcoin",
  AVAX: "AVAX C-Chain",
  DOGSTON: "DOGE TON",
} as const satisfies Record<string, string>;

export type KnownTokenCode = keyof typeof CRYPTO_TOKENS;

export function tokenLabel(code: string): string {
  return (CRYPTO_TOKENS as Record<string, string>)[code] ?? code;
}
