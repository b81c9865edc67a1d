// A series of rematches in words: the games each player won across a table, its rematch,
// that one's rematch... (the lobby's `series`: {games, wins: [{name, seat, won}]}).
//
// seriesText(series, t, "summary") -> "Series: Ann 2, Bob 1 — game 3" (the game's summary)
// seriesText(series, t, "info")    -> "Game 3 of the series: Ann 2, Bob 1" (the info line)
// Both are "" for a table that is not part of a series of two games or more.

/** Each player's wins, the most first ("Ann 2, Bob 1, Cleo 0"); `t` gives the words. */
export function seriesWins(series, t) {
  const rows = [...series.wins].sort((a, b) => b.won - a.won || a.seat - b.seat);
  return rows
    .map((row) =>
      t("series.win", { name: row.name || t("seat.number", { number: row.seat + 1 }), count: row.won }),
    )
    .join(", ");
}

/** The series in one sentence, for the game's summary ("summary") or the info line ("info"). */
export function seriesText(series, t, where = "summary") {
  if (!series || !Array.isArray(series.wins) || series.games < 2) return "";
  const wins = seriesWins(series, t);
  const key = where === "info" ? "series.info" : "series.summary";
  return t(key, { wins, number: series.games });
}
