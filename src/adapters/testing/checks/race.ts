/**
 * Races for something single-use (a sign-in token, a TOTP step, a recovery code): many callers at
 * once, round after round, and exactly one may win each round. One round can pass by luck of
 * scheduling, so the findings report the worst round.
 */
import type { CheckContext } from "../context.js";

export interface RaceRound {
  winners: number;
  errors: string[];
}

/** `concurrency` callers at once; a winner is a call whose result `won` accepts. */
export async function race<T>(
  { concurrency }: CheckContext,
  call: () => Promise<T>,
  won: (result: T) => boolean,
): Promise<RaceRound> {
  const results = await Promise.allSettled(Array.from({ length: concurrency }, call));
  return {
    winners: results.filter((result) => result.status === "fulfilled" && won(result.value)).length,
    errors: results.flatMap((result) =>
      result.status === "rejected"
        ? [result.reason instanceof Error ? result.reason.message : String(result.reason)]
        : [],
    ),
  };
}

/**
 * How the findings name a race: "`concurrency` concurrent `racers` `won`", then the rule a round
 * with more or fewer winners than one breaks.
 */
export interface RaceTerms {
  racers: string;
  won: string;
  rule: string;
}

/** Runs `rounds` races and reports the worst, and any caller that threw. */
export async function expectOneWinnerPerRound(
  context: CheckContext,
  round: () => Promise<RaceRound>,
  { racers, won, rule }: RaceTerms,
): Promise<void> {
  const { rounds, concurrency, expect } = context;
  const results: RaceRound[] = [];
  for (let index = 0; index < rounds; index++) results.push(await round());
  const winners = results.map((result) => result.winners);
  const worst = winners.reduce((worst, count) => (Math.abs(count - 1) > Math.abs(worst - 1) ? count : worst));
  expect.that(
    worst === 1,
    `worst of ${rounds} rounds: ${worst} of ${concurrency} concurrent ${racers} ${won} ` +
      `(per round: ${winners.join(", ")}); ${rule}`,
  );
  const errors = results.flatMap((result) => result.errors);
  expect.that(
    errors.length === 0,
    `${errors.length} of ${rounds * concurrency} concurrent ${racers} threw, e.g.: ${errors[0]}`,
  );
}
