/** A clock the tests move by hand, for stores that take `now`. */
export class FakeClock {
  constructor(public time = Date.UTC(2031, 4, 4, 3, 2, 1)) {}

  readonly now = (): number => this.time;

  advance(ms: number): void {
    this.time += ms;
  }
}
