/**
 * 006 (issue 12, surveys; rules: src/core, host: demo/host/api): survey templates with their
 * milestones and questions, the surveys due on a project and their answers. The 'Survey' application
 * record with its states and advancements: an existing database gets them here, a fresh one from the
 * seed (states.ts).
 */
export const SURVEYS_006 = `
CREATE TABLE survey_templates (
  surveyTemplateId INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  description TEXT NOT NULL DEFAULT '',
  valueThreshold REAL NOT NULL DEFAULT 0 CHECK (valueThreshold >= 0),
  active INTEGER NOT NULL DEFAULT 1,
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL
);
CREATE TABLE survey_template_milestones (
  surveyTemplateId INTEGER NOT NULL REFERENCES survey_templates(surveyTemplateId),
  milestone TEXT NOT NULL CHECK (milestone IN ('Acceptance', 'Midpoint', 'Substantial Completion')),
  PRIMARY KEY (surveyTemplateId, milestone)
);
CREATE TABLE survey_questions (
  surveyQuestionId INTEGER PRIMARY KEY,
  surveyTemplateId INTEGER NOT NULL REFERENCES survey_templates(surveyTemplateId),
  displayOrder INTEGER NOT NULL,
  text TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('rating', 'yesNo', 'number', 'text')),
  required INTEGER NOT NULL DEFAULT 0,
  modifiedAt TEXT NOT NULL
);
CREATE INDEX survey_questions_template ON survey_questions(surveyTemplateId, displayOrder);
CREATE TABLE surveys (
  surveyId INTEGER PRIMARY KEY,
  surveyTemplateId INTEGER NOT NULL REFERENCES survey_templates(surveyTemplateId),
  projectId INTEGER NOT NULL REFERENCES projects(projectId),
  milestone TEXT NOT NULL CHECK (milestone IN ('Acceptance', 'Midpoint', 'Substantial Completion')),
  number TEXT NOT NULL UNIQUE,
  milestoneDate TEXT NOT NULL,
  dueDate TEXT NOT NULL,
  respondentEmployeeId INTEGER REFERENCES employees(employeeId),
  applicationRecordStateId INTEGER NOT NULL REFERENCES application_record_states(applicationRecordStateId),
  submittedAt TEXT,
  submittedByEmployeeId INTEGER REFERENCES employees(employeeId),
  displayText TEXT NOT NULL,
  modifiedAt TEXT NOT NULL,
  UNIQUE (surveyTemplateId, projectId, milestone)
);
CREATE INDEX surveys_project ON surveys(projectId);
CREATE TABLE survey_answers (
  surveyId INTEGER NOT NULL REFERENCES surveys(surveyId),
  surveyQuestionId INTEGER NOT NULL REFERENCES survey_questions(surveyQuestionId),
  value TEXT NOT NULL,
  modifiedAt TEXT NOT NULL,
  PRIMARY KEY (surveyId, surveyQuestionId)
);

-- An existing database gets the Survey record, its states and advancements (a fresh one: the seed writes them, from states.ts).
INSERT INTO application_records (applicationRecordKey, applicationId, name, displayText, modifiedAt)
  SELECT 'Survey', applicationId, 'Survey', 'Survey', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM applications
  WHERE applicationKey = 'keyPFM' AND NOT EXISTS (SELECT 1 FROM application_records WHERE applicationRecordKey = 'Survey');
INSERT INTO application_record_states (applicationRecordKey, name, closed, displayOrder, isInitial, displayText, modifiedAt)
  SELECT 'Survey', m.name, m.closed, m.displayOrder, m.displayOrder = 1, m.name, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM (SELECT 'Open' AS name, 0 AS closed, 1 AS displayOrder UNION ALL SELECT 'In Progress', 0, 2
        UNION ALL SELECT 'Submitted', 1, 3 UNION ALL SELECT 'Canceled', 1, 4) m
  WHERE EXISTS (SELECT 1 FROM applications)
    AND NOT EXISTS (SELECT 1 FROM application_record_states WHERE applicationRecordKey = 'Survey')
  ORDER BY m.displayOrder;
INSERT INTO state_advancements (applicationRecordStateId, targetApplicationRecordStateId, quickRoute, displayOrder, modifiedAt)
  SELECT f.applicationRecordStateId, t.applicationRecordStateId, m.quickRoute, m.displayOrder, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM (SELECT 'Open' AS f, 'In Progress' AS t, 1 AS quickRoute, 1 AS displayOrder
        UNION ALL SELECT 'Open', 'Canceled', 0, 2
        UNION ALL SELECT 'In Progress', 'Submitted', 1, 1
        UNION ALL SELECT 'In Progress', 'Open', 0, 2
        UNION ALL SELECT 'In Progress', 'Canceled', 0, 3
        UNION ALL SELECT 'Canceled', 'Open', 0, 1) m
  JOIN application_record_states f ON f.applicationRecordKey = 'Survey' AND f.name = m.f
  JOIN application_record_states t ON t.applicationRecordKey = 'Survey' AND t.name = m.t
  WHERE NOT EXISTS (SELECT 1 FROM state_advancements a WHERE a.applicationRecordStateId = f.applicationRecordStateId);
`;
