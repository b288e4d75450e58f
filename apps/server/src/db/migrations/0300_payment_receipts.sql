-- Receipts (docs/product.md, "Receipts"): where and in which language the receipt of a payment is
-- mailed once it is credited. Both nullable: rows from before this migration, and payments started
-- without a receipt address, fall back to the account's e-mail (and English). Adding nullable
-- columns keeps the previous release working during a rolling restart (docs/operations.md).
ALTER TABLE payments ADD COLUMN receipt_email text;
ALTER TABLE payments ADD COLUMN receipt_language text;
