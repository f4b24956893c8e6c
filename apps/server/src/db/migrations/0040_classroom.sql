-- Classroom area (docs/rules/classroom.md).

-- One feedback per author per High 5: sending again replaces the text (docs/decisions/0117).
CREATE UNIQUE INDEX high5_feedback_recognition_author_key ON high5_feedback (recognition_id, author_id);

-- The student classes screen marks the classes a student has asked to join.
CREATE INDEX enrolment_requests_student_idx ON enrolment_requests (student_id);

-- Reads of children's moods by staff are audited once per viewer, target and hour;
-- the check looks up the viewer's recent rows.
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, action, at);
