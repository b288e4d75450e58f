/**
 * Friendly device names, an adjective and an animal ("Happy Seagull", «Весёлая чайка»), in the
 * language of the page that asked. The Russian adjective agrees with the animal's gender, so each
 * Russian adjective is listed in the masculine and feminine form.
 */
import { randomInt } from "node:crypto";

const EN_ADJECTIVES = [
  "Happy",
  "Brave",
  "Calm",
  "Clever",
  "Swift",
  "Quiet",
  "Bright",
  "Gentle",
  "Lucky",
  "Bold",
  "Curious",
  "Jolly",
  "Nimble",
  "Sunny",
  "Witty",
  "Proud",
  "Kind",
  "Merry",
  "Eager",
  "Cosy",
];
const EN_ANIMALS = [
  "Seagull",
  "Otter",
  "Fox",
  "Badger",
  "Heron",
  "Lynx",
  "Falcon",
  "Beaver",
  "Dolphin",
  "Panda",
  "Hedgehog",
  "Owl",
  "Penguin",
  "Koala",
  "Squirrel",
  "Walrus",
  "Raccoon",
  "Swan",
  "Turtle",
  "Wolf",
];

/** [masculine, feminine]. */
const RU_ADJECTIVES: readonly (readonly [string, string])[] = [
  ["Весёлый", "Весёлая"],
  ["Смелый", "Смелая"],
  ["Спокойный", "Спокойная"],
  ["Умный", "Умная"],
  ["Быстрый", "Быстрая"],
  ["Тихий", "Тихая"],
  ["Яркий", "Яркая"],
  ["Нежный", "Нежная"],
  ["Удачливый", "Удачливая"],
  ["Храбрый", "Храбрая"],
  ["Любопытный", "Любопытная"],
  ["Ловкий", "Ловкая"],
  ["Солнечный", "Солнечная"],
  ["Добрый", "Добрая"],
  ["Гордый", "Гордая"],
  ["Бодрый", "Бодрая"],
];
const RU_ANIMALS: readonly (readonly [string, "m" | "f"])[] = [
  ["чайка", "f"],
  ["выдра", "f"],
  ["лиса", "f"],
  ["барсук", "m"],
  ["цапля", "f"],
  ["рысь", "f"],
  ["сокол", "m"],
  ["бобр", "m"],
  ["дельфин", "m"],
  ["панда", "f"],
  ["ёж", "m"],
  ["сова", "f"],
  ["пингвин", "m"],
  ["коала", "f"],
  ["белка", "f"],
  ["морж", "m"],
  ["енот", "m"],
  ["лебедь", "m"],
  ["черепаха", "f"],
  ["волк", "m"],
];

function pick<T>(list: readonly T[]): T {
  return list[randomInt(list.length)] as T;
}

/** A random friendly name in `language` ("ru", otherwise English). */
export function friendlyDeviceName(language: string | null): string {
  if (language === "ru") {
    const [animal, gender] = pick(RU_ANIMALS);
    const [masculine, feminine] = pick(RU_ADJECTIVES);
    return `${gender === "m" ? masculine : feminine} ${animal}`;
  }
  return `${pick(EN_ADJECTIVES)} ${pick(EN_ANIMALS)}`;
}
