/**
 * 007 (issue 12, e-sign): signature envelopes of a commitment's or change order's generated document
 * (demo/host/api/pfm/esign/), their signers (each with the unguessable token of their signing link)
 * and the demo outbox of "sent e-mails". The 'Envelope' application record and its states are
 * seeded from states.ts on a fresh database; an existing one gets them here.
 */
export const ESIGN_007 = `
CREATE TABLE envelopes (
  envelopeId INTEGER PRIMARY KEY,
  number TEXT NOT NULL UNIQUE,
  recordKey TEXT NOT NULL,
  recordId INTEGER NOT NULL,
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  documentNumber TEXT NOT NULL,
  documentTitle TEXT NOT NULL,
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  createdByEmployeeId INTEGER REFERENCES employees(employeeId),
  createdAt TEXT NOT NULL,
  sentAt TEXT,
  expiresAt TEXT,
  documentFileId INTEGER,
  signedFileId INTEGER,
  completedAt TEXT,
  declinedAt TEXT,
  voidedAt TEXT,
  voidReason TEXT,
  voidedByEmployeeId INTEGER REFERENCES employees(employeeId),
  executionNote TEXT,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE INDEX envelopes_project ON envelopes(projectId);
CREATE INDEX envelopes_record ON envelopes(recordKey, recordId);
CREATE TABLE envelope_signers (
  envelopeSignerId INTEGER PRIMARY KEY,
  envelopeId INTEGER NOT NULL REFERENCES envelopes(envelopeId),
  signingOrder INTEGER NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  token TEXT NOT NULL UNIQUE,
  state TEXT NOT NULL DEFAULT 'Waiting' CHECK (state IN ('Waiting', 'Sent', 'Viewed', 'Signed', 'Declined')),
  viewedAt TEXT,
  signedAt TEXT,
  declinedAt TEXT,
  declineReason TEXT,
  signedName TEXT,
  ipAddress TEXT,
  lastReminderAt TEXT,
  modifiedAt TEXT NOT NULL
);
CREATE INDEX envelope_signers_envelope ON envelope_signers(envelopeId);
CREATE TABLE esign_outbox (
  outboxId INTEGER PRIMARY KEY,
  envelopeId INTEGER NOT NULL REFERENCES envelopes(envelopeId),
  envelopeSignerId INTEGER NOT NULL REFERENCES envelope_signers(envelopeSignerId),
  kind TEXT NOT NULL CHECK (kind IN ('Signing request', 'Reminder', 'Voided')),
  toName TEXT NOT NULL,
  toEmail TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  link TEXT,
  sentAt TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);

INSERT INTO application_records (applicationRecordKey, applicationId, name, displayText, modifiedAt)
  SELECT 'Envelope', applicationId, 'Envelope', 'Envelope', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM applications
  WHERE applicationKey = 'keyPFM' AND NOT EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'Envelope');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'Envelope', m.name, m.closed, m.displayOrder, m.displayOrder = 1, m.name, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM (SELECT 'Draft' AS name, 0 AS closed, 1 AS displayOrder UNION ALL SELECT 'Sent', 0, 2 UNION ALL SELECT 'Viewed', 0, 3
        UNION ALL SELECT 'Signed', 1, 4 UNION ALL SELECT 'Declined', 1, 5 UNION ALL SELECT 'Voided', 1, 6 UNION ALL SELECT 'Expired', 1, 7) m
  WHERE EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'Envelope')
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'Envelope');
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, m.quickRoute, m.displayOrder, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM (SELECT 'Draft' AS f, 'Sent' AS t, 1 AS quickRoute, 1 AS displayOrder
        UNION ALL SELECT 'Draft', 'Voided', 0, 2
        UNION ALL SELECT 'Sent', 'Viewed', 1, 1 UNION ALL SELECT 'Sent', 'Signed', 0, 2 UNION ALL SELECT 'Sent', 'Declined', 0, 3
        UNION ALL SELECT 'Sent', 'Voided', 0, 4 UNION ALL SELECT 'Sent', 'Expired', 0, 5
        UNION ALL SELECT 'Viewed', 'Signed', 1, 1 UNION ALL SELECT 'Viewed', 'Declined', 0, 2
        UNION ALL SELECT 'Viewed', 'Voided', 0, 3 UNION ALL SELECT 'Viewed', 'Expired', 0, 4) m
  JOIN application_record_states f ON f.applicationRecordKey = 'Envelope' AND f.name = m.f
  JOIN application_record_states t ON t.applicationRecordKey = 'Envelope' AND t.name = m.t
  WHERE NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId
    AND a.targetApplicationRecordStateId = t.applicationRecordStateId);
`;
