import type { AcceptedLanguage } from "./parse-accept-language";

interface LanguageValues {
  /** Bare primary subtags ("de"): any tag with that primary subtag. */
  primaries: ReadonlySet<string>;
  /** Tags with subtags ("pt-br"): that exact tag only. */
  tags: ReadonlySet<string>;
}

function accepts(condition: LanguageValues, languages: readonly AcceptedLanguage[]): boolean {
  for (let i = 0; i < languages.length; i++) {
    const l = languages[i] as AcceptedLanguage;
    if (condition.primaries.has(l.primary)) return true;
    // Only a tag with subtags can equal one of `tags` (each holds a "-").
    if (l.lower !== l.primary && condition.tags.size > 0 && condition.tags.has(l.lower)) return true;
  }
  return false;
}

/**
 * The language conditions of one link's rules, decided together once per list of accepted
 * languages: a language condition is a pure function of that list, and the redirector's lists are
 * shared per Accept-Language value (createAcceptLanguageParser), so a visit asks one WeakMap
 * instead of every rule testing every language. Each visit's first language condition finds its
 * list's answers; the others of that visit read them from the last-list slot.
 */
export class LanguageTable {
  readonly #conditions: LanguageValues[] = [];
  readonly #answers = new WeakMap<readonly AcceptedLanguage[], Uint8Array>();
  #lastList: readonly AcceptedLanguage[] | undefined;
  #lastAnswers: Uint8Array = new Uint8Array(0);

  /** Adds a condition (case-insensitive values); its index for `matches`. */
  add(values: readonly string[]): number {
    const lower = values.map((v) => v.toLowerCase());
    this.#conditions.push({
      primaries: new Set(lower.filter((v) => !v.includes("-"))),
      tags: new Set(lower.filter((v) => v.includes("-"))),
    });
    return this.#conditions.length - 1;
  }

  matches(languages: readonly AcceptedLanguage[], index: number): boolean {
    if (languages !== this.#lastList) {
      let answers = this.#answers.get(languages);
      if (answers === undefined) {
        answers = Uint8Array.from(this.#conditions, (condition) => (accepts(condition, languages) ? 1 : 0));
        this.#answers.set(languages, answers);
      }
      this.#lastList = languages;
      this.#lastAnswers = answers;
    }
    return this.#lastAnswers[index] === 1;
  }
}
