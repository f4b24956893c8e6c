-- The built-in High 5 and Positive Vibe categories: every school starts with these
-- (a school may switch any of them off in category_settings, or add its own).
-- Keys are stable identifiers for code and reports; names are what users see.

INSERT INTO categories (kind, school_id, key, name_en, name_es, position) VALUES
  ('high5', NULL, 'kindness',       'Kindness',               'Amabilidad',             1),
  ('high5', NULL, 'respect',        'Respect',                'Respeto',                2),
  ('high5', NULL, 'responsibility', 'Responsibility',         'Responsabilidad',        3),
  ('high5', NULL, 'teamwork',       'Teamwork',               'Trabajo en equipo',      4),
  ('high5', NULL, 'leadership',     'Leadership',             'Liderazgo',              5),
  ('high5', NULL, 'perseverance',   'Perseverance',           'Perseverancia',          6),
  ('high5', NULL, 'helpfulness',    'Helping others',         'Ayudar a los demás',     7),
  ('high5', NULL, 'creativity',     'Creativity',             'Creatividad',            8),
  ('high5', NULL, 'honesty',        'Honesty',                'Honestidad',             9),
  ('high5', NULL, 'gratitude',      'Gratitude',              'Gratitud',              10),
  ('high5', NULL, 'inclusion',      'Including everyone',     'Incluir a todos',       11),
  ('high5', NULL, 'hard_work',      'Hard work',              'Esfuerzo',              12),
  ('high5', NULL, 'above_beyond',   'Going above and beyond', 'Dar más de lo esperado', 13),

  ('vibe',  NULL, 'make_difference', 'You make a difference', 'Marcas la diferencia',     1),
  ('vibe',  NULL, 'keep_shining',    'Keep shining',          'Sigue brillando',          2),
  ('vibe',  NULL, 'thank_you',       'Thank you',             'Gracias',                  3),
  ('vibe',  NULL, 'great_job',       'Great job',             'Buen trabajo',             4),
  ('vibe',  NULL, 'proud_of_you',    'So proud of you',       'Nos llenas de orgullo',    5),
  ('vibe',  NULL, 'inspire_me',      'You inspire me',        'Me inspiras',              6),
  ('vibe',  NULL, 'glad_here',       'Glad you are here',     'Qué bueno que estés aquí', 7),
  ('vibe',  NULL, 'brighten_day',    'You brighten my day',   'Alegras mi día',           8),
  ('vibe',  NULL, 'believe_in_you',  'I believe in you',      'Creo en ti',               9);
