-- Reference data the app needs on every deployment: the verified gyms, the daily challenge catalogue and
-- the achievements. It lived in seed.sql, which `supabase db push` does not apply, so a hosted project had
-- an empty gym picker and no challenges; as a migration it reaches every database the schema reaches.
--
-- Idempotent upserts keyed by the stable ids: running this file again changes nothing (the "where ... is
-- distinct from" guards skip identical rows, so _modified is not bumped and clients pull nothing). A row
-- that already exists with other values (a database seeded from an older seed.sql) takes these values.
-- To correct a name, a description or points later, add a migration that upserts the changed rows the
-- same way (never edit this file: it has been applied already). zz_touch_modified bumps _modified on a
-- real change, so clients pull it. Soft deletion (_deleted) is left as it is.

-- gyms: 64 verified gyms in 10 cities (DE, IT, AT, CH) ---------------------------------------------------
insert into public.gyms (id, name, address, postal_code, city, country, latitude, longitude, verified) values
  -- Berlin
  ('de-berlin-mcfit-alexanderplatz', 'McFIT Berlin-Alexanderplatz', 'Alexanderstraße 7', '10178', 'Berlin', 'DE', 52.5219, 13.4160, true),
  ('de-berlin-johnreed-mitte', 'John Reed Fitness Berlin-Mitte', 'Rosenthaler Straße 40', '10178', 'Berlin', 'DE', 52.5251, 13.4018, true),
  ('de-berlin-fitx-kreuzberg', 'FitX Berlin-Kreuzberg', 'Gitschiner Straße 15', '10969', 'Berlin', 'DE', 52.4985, 13.4041, true),
  ('de-berlin-holmesplace-potsdamer', 'Holmes Place Potsdamer Platz', 'Potsdamer Platz 1', '10785', 'Berlin', 'DE', 52.5096, 13.3760, true),
  ('de-berlin-urbanfit-prenzlauer', 'Urban Fit Prenzlauer Berg', 'Schönhauser Allee 80', '10439', 'Berlin', 'DE', 52.5450, 13.4125, true),
  ('de-berlin-cleverfit-friedrichshain', 'clever fit Berlin-Friedrichshain', 'Frankfurter Allee 71', '10247', 'Berlin', 'DE', 52.5148, 13.4702, true),
  ('de-berlin-superathletics-charlottenburg', 'Super Athletics Charlottenburg', 'Kantstraße 148', '10623', 'Berlin', 'DE', 52.5058, 13.3195, true),
  -- Munich
  ('de-muenchen-mcfit-sendling', 'McFIT München-Sendling', 'Plinganserstraße 150', '81369', 'München', 'DE', 48.1110, 11.5365, true),
  ('de-muenchen-johnreed-maxvorstadt', 'John Reed Fitness München', 'Theresienstraße 40', '80333', 'München', 'DE', 48.1496, 11.5740, true),
  ('de-muenchen-fitstar-schwabing', 'FitStar München-Schwabing', 'Leopoldstraße 82', '80802', 'München', 'DE', 48.1610, 11.5860, true),
  ('de-muenchen-elements-bogenhausen', 'Elements Bogenhausen', 'Arabellastraße 5', '81925', 'München', 'DE', 48.1525, 11.6185, true),
  ('de-muenchen-cleverfit-pasing', 'clever fit München-Pasing', 'Landsberger Straße 480', '81241', 'München', 'DE', 48.1442, 11.4620, true),
  ('de-muenchen-fitnessfirst-stachus', 'Fitness First München Stachus', 'Sonnenstraße 10', '80331', 'München', 'DE', 48.1375, 11.5655, true),
  ('de-muenchen-boulderwelt-ost', 'Boulderwelt München Ost', 'Friedenstraße 22', '81671', 'München', 'DE', 48.1248, 11.6030, true),
  -- Hamburg
  ('de-hamburg-mcfit-altona', 'McFIT Hamburg-Altona', 'Große Bergstraße 160', '22767', 'Hamburg', 'DE', 53.5505, 9.9380, true),
  ('de-hamburg-fitx-wandsbek', 'FitX Hamburg-Wandsbek', 'Wandsbeker Marktstraße 73', '22041', 'Hamburg', 'DE', 53.5720, 10.0700, true),
  ('de-hamburg-meridian-eppendorf', 'Meridian Spa & Fitness Eppendorf', 'Martinistraße 10', '20251', 'Hamburg', 'DE', 53.5890, 9.9790, true),
  ('de-hamburg-fitnessfirst-jungfernstieg', 'Fitness First Hamburg Jungfernstieg', 'Jungfernstieg 38', '20354', 'Hamburg', 'DE', 53.5530, 9.9925, true),
  ('de-hamburg-sportspass-barmbek', 'Sportspaß Barmbek', 'Fuhlsbüttler Straße 107', '22305', 'Hamburg', 'DE', 53.5880, 10.0440, true),
  ('de-hamburg-johnreed-stpauli', 'John Reed Fitness Hamburg St. Pauli', 'Reeperbahn 1', '20359', 'Hamburg', 'DE', 53.5497, 9.9645, true),
  -- Cologne
  ('de-koeln-mcfit-ehrenfeld', 'McFIT Köln-Ehrenfeld', 'Venloer Straße 389', '50825', 'Köln', 'DE', 50.9490, 6.9170, true),
  ('de-koeln-fitx-deutz', 'FitX Köln-Deutz', 'Deutz-Mülheimer Straße 30', '50679', 'Köln', 'DE', 50.9430, 6.9760, true),
  ('de-koeln-lifefit-innenstadt', 'Life Fitness Köln Innenstadt', 'Hohe Straße 160', '50667', 'Köln', 'DE', 50.9365, 6.9555, true),
  ('de-koeln-cleverfit-suelz', 'clever fit Köln-Sülz', 'Luxemburger Straße 299', '50939', 'Köln', 'DE', 50.9150, 6.9290, true),
  ('de-koeln-fitnessfirst-neumarkt', 'Fitness First Köln Neumarkt', 'Neumarkt 2', '50667', 'Köln', 'DE', 50.9360, 6.9480, true),
  ('de-koeln-urbangym-nippes', 'Urban Gym Nippes', 'Neusser Straße 215', '50733', 'Köln', 'DE', 50.9600, 6.9530, true),
  -- Milan
  ('it-milano-virginactive-corso-como', 'Virgin Active Milano Corso Como', 'Corso Como 15', '20154', 'Milano', 'IT', 45.4825, 9.1885, true),
  ('it-milano-mcfit-lambrate', 'McFIT Milano Lambrate', 'Via Rombon 11', '20134', 'Milano', 'IT', 45.4870, 9.2390, true),
  ('it-milano-getfit-porta-romana', 'Get Fit Porta Romana', 'Corso di Porta Romana 116', '20122', 'Milano', 'IT', 45.4545, 9.2005, true),
  ('it-milano-anytime-navigli', 'Anytime Fitness Milano Navigli', 'Via Vigevano 18', '20144', 'Milano', 'IT', 45.4535, 9.1730, true),
  ('it-milano-downtown-cairoli', 'Downtown Palestre Cairoli', 'Piazza Cairoli 3', '20121', 'Milano', 'IT', 45.4685, 9.1825, true),
  ('it-milano-virginactive-bicocca', 'Virgin Active Milano Bicocca', 'Viale Sarca 336', '20126', 'Milano', 'IT', 45.5180, 9.2130, true),
  ('it-milano-fitactive-loreto', 'FitActive Milano Loreto', 'Via Padova 21', '20127', 'Milano', 'IT', 45.4905, 9.2200, true),
  -- Rome
  ('it-roma-virginactive-eur', 'Virgin Active Roma EUR', 'Viale Oceano Atlantico 13', '00144', 'Roma', 'IT', 41.8260, 12.4700, true),
  ('it-roma-mcfit-tiburtina', 'McFIT Roma Tiburtina', 'Via Tiburtina 635', '00159', 'Roma', 'IT', 41.9140, 12.5460, true),
  ('it-roma-getfit-prati', 'Get Fit Roma Prati', 'Via Cola di Rienzo 217', '00192', 'Roma', 'IT', 41.9070, 12.4620, true),
  ('it-roma-anytime-trastevere', 'Anytime Fitness Roma Trastevere', 'Viale di Trastevere 60', '00153', 'Roma', 'IT', 41.8840, 12.4700, true),
  ('it-roma-fitactive-appio', 'FitActive Roma Appio', 'Via Appia Nuova 200', '00183', 'Roma', 'IT', 41.8800, 12.5150, true),
  ('it-roma-hydra-parioli', 'Hydra Fitness Parioli', 'Viale Parioli 39', '00197', 'Roma', 'IT', 41.9260, 12.4960, true),
  -- Vienna
  ('at-wien-johnharris-margareten', 'John Harris Fitness Margaretenstraße', 'Margaretenstraße 5', '1040', 'Wien', 'AT', 48.1960, 16.3650, true),
  ('at-wien-fitinn-mariahilf', 'FITINN Wien Mariahilfer Straße', 'Mariahilfer Straße 85', '1060', 'Wien', 'AT', 48.1975, 16.3490, true),
  ('at-wien-mcfit-favoriten', 'McFIT Wien-Favoriten', 'Favoritenstraße 182', '1100', 'Wien', 'AT', 48.1745, 16.3780, true),
  ('at-wien-holmesplace-millennium', 'Holmes Place Millennium Tower', 'Handelskai 94', '1200', 'Wien', 'AT', 48.2400, 16.3850, true),
  ('at-wien-cleverfit-floridsdorf', 'clever fit Wien-Floridsdorf', 'Brünner Straße 57', '1210', 'Wien', 'AT', 48.2640, 16.4010, true),
  ('at-wien-myfitness-landstrasse', 'Myfitness Wien Landstraße', 'Landstraßer Hauptstraße 146', '1030', 'Wien', 'AT', 48.1985, 16.3950, true),
  ('at-wien-fitone-donauzentrum', 'FIT/ONE Wien Donauzentrum', 'Wagramer Straße 94', '1220', 'Wien', 'AT', 48.2430, 16.4330, true),
  -- Graz
  ('at-graz-fitinn-lend', 'FITINN Graz Lend', 'Annenstraße 41', '8020', 'Graz', 'AT', 47.0715, 15.4265, true),
  ('at-graz-johnharris-jakomini', 'John Harris Fitness Graz', 'Conrad-von-Hötzendorf-Straße 37', '8010', 'Graz', 'AT', 47.0610, 15.4450, true),
  ('at-graz-cleverfit-puntigam', 'clever fit Graz-Puntigam', 'Triester Straße 387', '8055', 'Graz', 'AT', 47.0300, 15.4230, true),
  ('at-graz-fitone-geidorf', 'FIT/ONE Graz Geidorf', 'Heinrichstraße 45', '8010', 'Graz', 'AT', 47.0790, 15.4490, true),
  ('at-graz-injoy-eggenberg', 'INJOY Graz-Eggenberg', 'Eggenberger Allee 49', '8020', 'Graz', 'AT', 47.0680, 15.4070, true),
  ('at-graz-uniqa-sportzentrum', 'Sportzentrum Graz Eggenlend', 'Wiener Straße 150', '8051', 'Graz', 'AT', 47.0900, 15.4140, true),
  -- Zurich
  ('ch-zuerich-activfitness-oerlikon', 'Activ Fitness Zürich Oerlikon', 'Schaffhauserstrasse 355', '8050', 'Zürich', 'CH', 47.4100, 8.5440, true),
  ('ch-zuerich-update-altstetten', 'Update Fitness Zürich Altstetten', 'Badenerstrasse 549', '8048', 'Zürich', 'CH', 47.3880, 8.4890, true),
  ('ch-zuerich-holmesplace-sihlcity', 'Holmes Place Sihlcity', 'Kalandergasse 4', '8045', 'Zürich', 'CH', 47.3575, 8.5230, true),
  ('ch-zuerich-basefit-hauptbahnhof', 'basefit.ch Zürich Hauptbahnhof', 'Museumstrasse 1', '8001', 'Zürich', 'CH', 47.3790, 8.5400, true),
  ('ch-zuerich-fitnessparkmigros-stadelhofen', 'Migros Fitnesspark Stadelhofen', 'Stadelhoferstrasse 8', '8001', 'Zürich', 'CH', 47.3660, 8.5480, true),
  ('ch-zuerich-kieser-enge', 'Kieser Training Zürich Enge', 'Seestrasse 45', '8002', 'Zürich', 'CH', 47.3620, 8.5330, true),
  ('ch-zuerich-johnreed-west', 'John Reed Fitness Zürich West', 'Hardstrasse 219', '8005', 'Zürich', 'CH', 47.3880, 8.5200, true),
  -- Geneva
  ('ch-geneve-activfitness-plainpalais', 'Activ Fitness Genève Plainpalais', 'Rue de Carouge 36', '1205', 'Genève', 'CH', 46.1945, 6.1420, true),
  ('ch-geneve-update-cornavin', 'Update Fitness Genève Cornavin', 'Rue de Lausanne 20', '1201', 'Genève', 'CH', 46.2125, 6.1450, true),
  ('ch-geneve-basefit-eaux-vives', 'basefit.ch Genève Eaux-Vives', 'Rue de la Terrassière 8', '1207', 'Genève', 'CH', 46.2010, 6.1610, true),
  ('ch-geneve-silhouette-champel', 'Silhouette Club Champel', 'Avenue de Champel 24', '1206', 'Genève', 'CH', 46.1920, 6.1560, true),
  ('ch-geneve-fitnessparkmigros-servette', 'Migros Fitnesspark Servette', 'Rue de la Servette 64', '1202', 'Genève', 'CH', 46.2160, 6.1350, true)
on conflict (id) do update set
  name = excluded.name, address = excluded.address, postal_code = excluded.postal_code, city = excluded.city,
  country = excluded.country, latitude = excluded.latitude, longitude = excluded.longitude,
  verified = excluded.verified
  where (gyms.name, gyms.address, gyms.postal_code, gyms.city, gyms.country, gyms.latitude, gyms.longitude,
         gyms.verified) is distinct from
        (excluded.name, excluded.address, excluded.postal_code, excluded.city, excluded.country,
         excluded.latitude, excluded.longitude, excluded.verified);

-- daily challenge catalogue: every id of the spec's point 3, in the spec's order -------------------------
-- Points by difficulty: easy 10, medium 15, hard 20 (the plank is medium: 15, as the spec's default).
-- The two unnamed ("{hash}") entries are butt_kicks_60s and inchworms_10.
insert into public.daily_challenges (challenge_id, name, description, difficulty, points, position) values
  ('plank_60s', '60s Plank', 'Hold a plank for 60 seconds', 'medium', 15, 1),
  ('pushup_20', '20 Push-ups', 'Do 20 push-ups with a straight body line', 'medium', 15, 2),
  ('squat_30', '30 Squats', 'Do 30 bodyweight squats', 'medium', 15, 3),
  ('burpee_10', '10 Burpees', 'Do 10 full burpees', 'hard', 20, 4),
  ('wall_sit_60s', '60s Wall Sit', 'Hold a wall sit for 60 seconds', 'hard', 20, 5),
  ('mountain_climber_30s', '30s Mountain Climbers', 'Do mountain climbers for 30 seconds', 'medium', 15, 6),
  ('jumping_jack_50', '50 Jumping Jacks', 'Do 50 jumping jacks', 'easy', 10, 7),
  ('lunge_20', '20 Lunges', 'Do 20 alternating lunges', 'medium', 15, 8),
  ('squats_25', '25 Squats', 'Do 25 bodyweight squats', 'easy', 10, 9),
  ('wall_sit_45s', '45s Wall Sit', 'Hold a wall sit for 45 seconds', 'medium', 15, 10),
  ('glute_bridge_20', '20 Glute Bridges', 'Do 20 glute bridges', 'easy', 10, 11),
  ('jumping_jacks_60s', '60s Jumping Jacks', 'Do jumping jacks for 60 seconds', 'easy', 10, 12),
  ('lunges_20_total', '20 Lunges (total)', 'Do 20 lunges, alternating legs', 'medium', 15, 13),
  ('mountain_climbers_30_each', '30 Mountain Climbers Each Side', 'Do 30 mountain climbers per leg', 'hard', 20, 14),
  ('pushups_15', '15 Push-ups', 'Do 15 push-ups', 'easy', 10, 15),
  ('russian_twists_40_total', '40 Russian Twists', 'Do 40 Russian twists in total', 'medium', 15, 16),
  ('jog_in_place_90s', '90s Jog in Place', 'Jog in place for 90 seconds', 'easy', 10, 17),
  ('butt_kicks_60s', '60s Butt Kicks', 'Do butt kicks for 60 seconds', 'easy', 10, 18),
  ('high_knees_60s', '60s High Knees', 'Do high knees for 60 seconds', 'medium', 15, 19),
  ('forearm_plank_45s', '45s Forearm Plank', 'Hold a forearm plank for 45 seconds', 'medium', 15, 20),
  ('downward_dog_60s', '60s Downward Dog', 'Hold downward dog for 60 seconds', 'easy', 10, 21),
  ('child_pose_60s', '60s Child''s Pose', 'Rest in child''s pose for 60 seconds', 'easy', 10, 22),
  ('chair_pose_45s', '45s Chair Pose', 'Hold chair pose for 45 seconds', 'medium', 15, 23),
  ('cat_cow_20', '20 Cat-Cows', 'Do 20 slow cat-cow stretches', 'easy', 10, 24),
  ('side_plank_30s_each', '30s Side Plank Each Side', 'Hold a side plank for 30 seconds per side', 'medium', 15, 25),
  ('tricep_dips_15', '15 Tricep Dips', 'Do 15 tricep dips on a chair or bench', 'medium', 15, 26),
  ('superman_30s', '30s Superman Hold', 'Hold the superman position for 30 seconds', 'easy', 10, 27),
  ('step_ups_20_total', '20 Step-ups', 'Do 20 step-ups in total', 'medium', 15, 28),
  ('shoulder_taps_30_each', '30 Shoulder Taps Each Side', 'Do 30 shoulder taps per side in a plank', 'hard', 20, 29),
  ('squat_hold_45s', '45s Squat Hold', 'Hold a deep squat for 45 seconds', 'medium', 15, 30),
  ('toe_touches_30', '30 Toe Touches', 'Do 30 lying toe touches', 'easy', 10, 31),
  ('bicycle_crunches_30_each', '30 Bicycle Crunches Each Side', 'Do 30 bicycle crunches per side', 'hard', 20, 32),
  ('bird_dog_20_total', '20 Bird Dogs', 'Do 20 bird dogs in total', 'easy', 10, 33),
  ('burpees_10', '10 Burpees', 'Do 10 burpees', 'hard', 20, 34),
  ('calf_raises_30', '30 Calf Raises', 'Do 30 calf raises', 'easy', 10, 35),
  ('inchworms_10', '10 Inchworms', 'Do 10 inchworms, walking the hands out to a plank and back', 'medium', 15, 36),
  ('hollow_hold_30s', '30s Hollow Hold', 'Hold a hollow body position for 30 seconds', 'hard', 20, 37)
on conflict (challenge_id) do update set
  name = excluded.name, description = excluded.description, difficulty = excluded.difficulty,
  points = excluded.points, position = excluded.position
  where (daily_challenges.name, daily_challenges.description, daily_challenges.difficulty, daily_challenges.points,
         daily_challenges.position) is distinct from
        (excluded.name, excluded.description, excluded.difficulty, excluded.points, excluded.position);

-- achievements -------------------------------------------------------------------------------------------
insert into public.achievements (id, name, description, kind, threshold, position) values
  ('first_workout', 'First Workout', 'Plan your first workout', 'workouts', 1, 1),
  ('first_rest_day', 'Rest Is Training Too', 'Confirm your first rest day', 'rest_days', 1, 2),
  ('streak_3', 'On a Roll', 'Reach a 3-day streak', 'streak', 3, 3),
  ('streak_7', 'One Week Strong', 'Reach a 7-day streak', 'streak', 7, 4),
  ('streak_30', 'Monthly Machine', 'Reach a 30-day streak', 'streak', 30, 5),
  ('streak_100', 'Unstoppable', 'Reach a 100-day streak', 'streak', 100, 6),
  ('level_5', 'Level 5', 'Reach level 5', 'level', 5, 7),
  ('level_10', 'Level 10', 'Reach level 10', 'level', 10, 8),
  ('level_25', 'Level 25', 'Reach level 25', 'level', 25, 9),
  ('first_friend', 'Gym Buddy', 'Make your first friend', 'friends', 1, 10),
  ('first_flex', 'Hype Person', 'Give your first flex', 'flexes_given', 1, 11),
  ('first_check_in', 'Showed Up', 'Check in at a gym for the first time', 'check_ins', 1, 12),
  ('check_ins_10', 'Regular', 'Check in 10 times', 'check_ins', 10, 13),
  ('daily_challenges_7', 'Challenge Accepted', 'Complete 7 daily challenges', 'daily_challenges', 7, 14),
  ('first_join', 'Better Together', 'Join a friend''s workout', 'joins', 1, 15)
on conflict (id) do update set
  name = excluded.name, description = excluded.description, kind = excluded.kind,
  threshold = excluded.threshold, position = excluded.position
  where (achievements.name, achievements.description, achievements.kind, achievements.threshold, achievements.position)
        is distinct from (excluded.name, excluded.description, excluded.kind, excluded.threshold, excluded.position);
