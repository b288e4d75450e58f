-- When a factor was first verified (docs/product.md §11.2: the data export tells it). `updated_at`
-- moves with every code, so it cannot say. Nullable (unverified factors have none, and the previous
-- release keeps working during a rolling restart). Factors verified before this column existed get
-- their best known time: the recovery-code set its creation, an authenticator its latest use.
ALTER TABLE mfa_factors ADD COLUMN verified_at timestamptz;
UPDATE mfa_factors
   SET verified_at = CASE WHEN factor_type = 'recovery_code' THEN created_at ELSE updated_at END
 WHERE status = 'verified';
