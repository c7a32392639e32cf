/**
 * 027: vendors' records kept current (demo/host/api/risk/vendor-record.ts, rules in src/core/risk/vendor-record.ts).
 * - vendor_financials and vendor_safety: who entered a year and when (enteredAt, enteredByEmployeeId);
 *   rows made before this read as entered when last modified, by nobody known.
 * - vendor_insurance_certificates: every certificate entered (coverage, carrier, policy, limits, effective
 *   and expiry dates, who and when). The newest general-liability certificate is the vendor's GL on
 *   vendor_prequalifications (glPerOccurrence, glAggregate, glExpiresOn), which the write keeps in step.
 * - vendor_bonding: every bonding capacity entered (surety, single, aggregate, who and when); the newest
 *   is the vendor's surety and capacities on vendor_prequalifications.
 *   The GL and bonding already on vendor_prequalifications become one entry each (carrier / surety as known),
 *   so the history starts from what was on file.
 * - slim_expiry_renewals: the Renewal request the expiry watch raised for a vendor's expiry (GL insurance
 *   or prequalification, by its date): one per vendor, kind and date, so the hourly job raises it once.
 * (A date CHECK is written coalesce(date(x) = x, 0): date() of a malformed text is NULL, and a NULL CHECK passes.)
 * An upgrade keeps going past a malformed GL expiry (that vendor's certificate history starts empty; its columns stay).
 * Frozen as it shipped, with no live imports.
 */
export const VENDOR_RECORDS_027 = `
ALTER TABLE vendor_financials ADD COLUMN enteredAt TEXT;
ALTER TABLE vendor_financials ADD COLUMN enteredByEmployeeId INTEGER REFERENCES employees(employeeId);
UPDATE vendor_financials SET enteredAt = modifiedAt WHERE enteredAt IS NULL;
ALTER TABLE vendor_safety ADD COLUMN enteredAt TEXT;
ALTER TABLE vendor_safety ADD COLUMN enteredByEmployeeId INTEGER REFERENCES employees(employeeId);
UPDATE vendor_safety SET enteredAt = modifiedAt WHERE enteredAt IS NULL;

CREATE TABLE vendor_insurance_certificates (
  certificateId INTEGER PRIMARY KEY,
  vendorId INTEGER NOT NULL REFERENCES vendors(vendorId),
  coverage TEXT NOT NULL CHECK (coverage IN ('General Liability', 'Automobile Liability', 'Umbrella / Excess Liability', 'Workers'' Compensation')),
  carrier TEXT NOT NULL,
  policyNumber TEXT,
  eachOccurrence REAL NOT NULL CHECK (eachOccurrence > 0),
  aggregate REAL CHECK (aggregate IS NULL OR aggregate >= eachOccurrence),
  effectiveOn TEXT CHECK (effectiveOn IS NULL OR coalesce(date(effectiveOn) = effectiveOn, 0)),
  expiresOn TEXT NOT NULL CHECK (coalesce(date(expiresOn) = expiresOn, 0)),
  enteredAt TEXT NOT NULL,
  enteredByEmployeeId INTEGER REFERENCES employees(employeeId),
  modifiedAt TEXT NOT NULL
);
CREATE INDEX vendor_insurance_certificates_vendor ON vendor_insurance_certificates(vendorId, coverage, enteredAt);
INSERT INTO vendor_insurance_certificates (vendorId, coverage, carrier, policyNumber, eachOccurrence, aggregate, effectiveOn, expiresOn, enteredAt, enteredByEmployeeId, modifiedAt)
  SELECT vendorId, 'General Liability', 'On file before certificates were recorded', NULL, glPerOccurrence,
    CASE WHEN glAggregate >= glPerOccurrence THEN glAggregate ELSE NULL END, NULL, glExpiresOn, modifiedAt, NULL, modifiedAt
  FROM vendor_prequalifications WHERE glPerOccurrence > 0 AND date(glExpiresOn) = glExpiresOn;

CREATE TABLE vendor_bonding (
  bondingId INTEGER PRIMARY KEY,
  vendorId INTEGER NOT NULL REFERENCES vendors(vendorId),
  surety TEXT NOT NULL,
  singleCapacity REAL NOT NULL CHECK (singleCapacity > 0),
  aggregateCapacity REAL NOT NULL CHECK (aggregateCapacity >= singleCapacity),
  enteredAt TEXT NOT NULL,
  enteredByEmployeeId INTEGER REFERENCES employees(employeeId),
  modifiedAt TEXT NOT NULL
);
CREATE INDEX vendor_bonding_vendor ON vendor_bonding(vendorId, enteredAt);
INSERT INTO vendor_bonding (vendorId, surety, singleCapacity, aggregateCapacity, enteredAt, enteredByEmployeeId, modifiedAt)
  SELECT vendorId, surety, bondSingleCapacity, bondAggregateCapacity, modifiedAt, NULL, modifiedAt
  FROM vendor_prequalifications WHERE surety IS NOT NULL AND bondSingleCapacity > 0 AND bondAggregateCapacity >= bondSingleCapacity;

CREATE TABLE slim_expiry_renewals (
  vendorId INTEGER NOT NULL REFERENCES vendors(vendorId),
  kind TEXT NOT NULL CHECK (kind IN ('General liability insurance', 'Prequalification')),
  expiresOn TEXT NOT NULL CHECK (coalesce(date(expiresOn) = expiresOn, 0)),
  requestId INTEGER NOT NULL REFERENCES slim_requests(requestId),
  createdAt TEXT NOT NULL,
  PRIMARY KEY (vendorId, kind, expiresOn)
);
CREATE INDEX slim_expiry_renewals_request ON slim_expiry_renewals(requestId);
`;
