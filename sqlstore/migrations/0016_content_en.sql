-- English texts of the admin-editable content users see: the challenges'
-- titles and descriptions and the tone presets' names. '' means "not
-- translated"; the app then shows the German text. Seeded rows get their
-- English here; admins edit both languages.
ALTER TABLE challenges ADD COLUMN title_en TEXT NOT NULL DEFAULT '';
ALTER TABLE challenges ADD COLUMN description_en TEXT NOT NULL DEFAULT '';
ALTER TABLE tone_presets ADD COLUMN name_en TEXT NOT NULL DEFAULT '';

UPDATE challenges SET title_en = 'Objections solved', description_en = 'Solve your customers'' objections in practice chats.' WHERE key = 'objections_solved';
UPDATE challenges SET title_en = 'Messages sent', description_en = 'Send messages in your training chats.' WHERE key = 'messages_sent';
UPDATE challenges SET title_en = 'Quick answers', description_en = 'Answer the customer within 20 seconds in practice mode.' WHERE key = 'fast_answers';
UPDATE challenges SET title_en = 'Feedback giver', description_en = 'Help us make Sales Coach better with your feedback.' WHERE key = 'feedback';
UPDATE challenges SET title_en = 'Phone calls', description_en = 'Train in voice mode as on the phone.' WHERE key = 'calls';
UPDATE challenges SET title_en = 'Hints used', description_en = 'Get tips for your next answer with the light bulb.' WHERE key = 'hints';
UPDATE challenges SET title_en = 'Perfect answers', description_en = 'Send the perfect answer the coach suggests.' WHERE key = 'perfect_answers';
UPDATE challenges SET title_en = 'Completed chats', description_en = 'Convince the customer and complete practice chats.' WHERE key = 'completed_chats';
UPDATE challenges SET title_en = 'Daily use', description_en = 'Train on consecutive days.' WHERE key = 'daily_streak';

UPDATE tone_presets SET name_en = 'Friendly' WHERE id = 'freundlich';
UPDATE tone_presets SET name_en = 'Sceptical' WHERE id = 'skeptisch';
UPDATE tone_presets SET name_en = 'Impatient' WHERE id = 'ungeduldig';
UPDATE tone_presets SET name_en = 'Analytical' WHERE id = 'analytisch';
UPDATE tone_presets SET name_en = 'Dominant' WHERE id = 'dominant';
UPDATE tone_presets SET name_en = 'Reserved' WHERE id = 'zurueckhaltend';
