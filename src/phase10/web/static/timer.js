// The table's turn timer (a table made with "Turn timer"): a countdown of the time the
// player to act has left, "0:42 left for Ann's turn".
//
// The server sends the clock with each update and lobby message as the seconds left
// (turn_clock: {seat, seconds_left, total}, or null when nobody's time runs); the page counts
// down from the moment it receives them on its own monotonic clock, so a wrong clock on the
// reader's machine changes nothing. The countdown is not a live region: a screen reader is
// told once, through `announce`, when the reader's own turn is down to its last seconds. When
// little time is left the text says so as well ("almost up"): colour is never the only cue.

/** Seconds left from which the countdown is shown as low, and the reader is warned. */
export const HURRY_SECONDS = 10;

/** "m:ss" for a number of seconds, rounded up (the last second shows as 0:01, not 0:00). */
export function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * Show the turn timer in `root` (an element kept hidden while no time runs; marked `mine`
 * while the reader's own time runs, which the page keeps in view); `t` translates the page's
 * strings, `announce(text)` speaks a sentence, `nameOf(seat)` is a seat's name. `mirror`, if
 * given, shows the same text while the reader's own time runs, and only then: the results
 * of a hand, a modal dialog over the table, hide `root` while the next hand may already be
 * running the reader's clock.
 * Returns `{ update(turnClock, mySeat) }`, to call with each message's `turn_clock` and the
 * reader's seat (null for a spectator).
 */
export function mountTimer({
  root,
  mirror = null,
  t,
  announce,
  nameOf = () => null,
  now = () => performance.now(),
}) {
  let deadline = null; // on `now()`'s clock, in milliseconds
  let seat = null;
  let mine = false;
  let warned = false;
  let ticker = null;

  function stop() {
    clearInterval(ticker);
    ticker = null;
    deadline = null;
    for (const each of [root, mirror]) {
      if (!each) continue;
      each.hidden = true;
      each.textContent = "";
      each.classList.remove("low", "mine");
    }
  }

  function show() {
    if (deadline === null) return;
    const left = Math.max(0, (deadline - now()) / 1000);
    const time = clockText(left);
    const who = nameOf(seat) || t("seat.number", { number: seat + 1 });
    const text = mine ? t("clock.left_you", { time }) : t("clock.left", { time, name: who });
    const low = left <= HURRY_SECONDS;
    const shown = low ? t("clock.almost_up", { text }) : text;
    // Only a change is written: the element is read when the reader goes to it, never aloud.
    for (const each of mine ? [root, mirror] : [root]) {
      if (!each) continue;
      if (each.textContent !== shown) each.textContent = shown;
      each.classList.toggle("low", low);
      each.classList.toggle("mine", mine);
      each.hidden = false;
    }
    if (mirror && !mine) mirror.hidden = true;
    if (low && mine && !warned && left > 0) {
      warned = true;
      announce(t("clock.hurry", { time }));
    }
    if (left <= 0) clearInterval(ticker);
  }

  return {
    update(turnClock, mySeat) {
      if (!turnClock) {
        stop();
        return;
      }
      const newTurn = turnClock.seat !== seat || deadline === null;
      seat = turnClock.seat;
      mine = mySeat !== null && mySeat !== undefined && mySeat === seat;
      if (newTurn || turnClock.seconds_left > HURRY_SECONDS) warned = false;
      deadline = now() + turnClock.seconds_left * 1000;
      if (ticker === null) ticker = setInterval(show, 250);
      show();
    },
  };
}
