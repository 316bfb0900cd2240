// The board of each game, by slug: render(observation, ctx) draws it; elements with a
// data-key are where actions are chosen (the engine's action_path), data-card shows a face.
import { render as akhedena } from "./akhedena.js";
import { render as arackhanWars } from "./arackhan-wars.js";
import { render as heroesOfGraxia } from "./heroes-of-graxia.js";
import { render as khanOfKhans } from "./khan-of-khans.js";
import { render as kingdomOfWarlords } from "./kingdom-of-warlords.js";

export const BOARDS = {
  akhedena,
  "arackhan-wars": arackhanWars,
  "heroes-of-graxia": heroesOfGraxia,
  "khan-of-khans": khanOfKhans,
  "kingdom-of-warlords": kingdomOfWarlords,
};
