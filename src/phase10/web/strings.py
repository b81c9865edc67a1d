"""The browser table's own words, marked for the catalogs and sent with each page in the
reader's language (the script never holds English text of its own).

Placeholders are ``{name}`` fields the script fills in after translation. Several texts
are the terminal game's own messages (the same English, so the same translation).

>>> strings("fr")["draw"] != "" and set(strings("de")) >= set(STRINGS)
True
>>> strings("fr")["q.top.one"]
'Dessus de la défausse : {card} ; la pioche a {count} carte.'
>>> strings("fr")["q.top.other"]
'Dessus de la défausse : {card} ; la pioche a {count} cartes.'
>>> strings("de")["pile.count"].format(count=3)
'Karten: 3'
"""

from __future__ import annotations

from typing import Final

from phase10.kernel.i18n import N_, translator
from phase10.table.reactions import REACTIONS

__all__ = ["PLURALS", "STRINGS", "strings"]


class _Plural:
    """The marker of a text with a count: ``pybabel`` extracts ``ngettext`` calls as a
    singular and a plural, and the page is sent both forms in its language."""

    @staticmethod
    def ngettext(singular: str, plural: str) -> tuple[str, str]:
        """``(singular, plural)``, marked for the catalogs."""
        return (singular, plural)


#: Keys the script uses, with their English text.
STRINGS: Final[dict[str, str]] = {
    "draw": N_("Draw"),
    "take": N_("Take the discard"),
    "discard": N_("Discard"),
    "hint": N_("Hint"),
    # Cards: their notation, then the game's words for them ("R7, red 7", from the
    # presentation); colour is never the only cue.
    "card_new": N_("{name}, just taken"),
    "new_badge": N_("new"),
    # The players.
    "you_named": N_("{name} (you)"),
    # The lobby.
    "seat.number": N_("Seat {number}"),
    "seat.person": N_("Person"),
    "seat.computer": N_("Computer: {level}"),
    "seat.you": N_("You"),
    "seat.open": N_("waiting for a player"),
    "seat.connected": N_("connected"),
    "seat.away": N_("not connected"),
    "seat.unknown": N_("not known until the page is connected again"),
    "seat.taken_over": N_("a computer plays until they come back"),
    # A seat the owner opened to a person during the game (decision 0028).
    "seat.open_playing": N_("open: a computer plays it until someone takes it"),
    "variant_number": N_("Number for {name}"),
    # The lobby's open tables and "Play now" (decision 0014).
    "open.rules": N_("Rules: {rules}"),
    "open.seats": N_("{taken} of {seats} seats taken"),
    "open.owner": N_("created by {owner}"),
    "open.quick": N_("starts soon: computer players take the seats nobody takes"),
    "open.join": N_("Join"),
    "open.join_whose": N_("the table created by {owner}"),
    "open.none": N_("No table is waiting for players right now."),
    "open.failed": N_("The open tables could not be loaded; the page tries again shortly."),
    "quick.finding": N_("Looking for a table…"),
    "variants_chosen": N_("(chosen: {count})"),
    "name_needed": N_("Write your name first."),
    "code_needed": N_("Write the table's code first."),
    "no_such_code": N_("No table has that code. Check it with the table's owner."),
    "creating": N_("Creating the table…"),
    "table_ready": N_("Your table is ready. Its code is {code}."),
    "copied": N_("The link is copied."),
    "copy_by_hand": N_("The link is selected: copy it with your usual keys."),
    "no_server": N_("The server cannot be reached. Check your connection and try again."),
    "refused": N_("The server refused: {reason}"),
    "lobby.before": N_("Before the game"),
    "lobby.open_seat": N_("A seat is open"),
    "lobby.take_open_seat": N_(
        "A seat is open: take it below to play on with its cards and score, or go on watching."
    ),
    "lobby.owner_open": N_(
        "Seats open to a person: {count}. Share the link: a computer plays each seat until "
        "someone takes it."
    ),
    "lobby.sit_or_watch": N_("Take a seat below, or watch the game as a spectator."),
    "lobby.full": N_("Every seat is taken: you can watch the game as a spectator."),
    "lobby.full_computers": N_(
        "Every seat is taken: you can watch the game as a spectator, or ask the table's owner "
        "to open a computer's seat to you."
    ),
    "lobby.owner_waiting": N_(
        "Seats still waiting for a player: {count}. Invite someone or give the seat to a computer."
    ),
    "lobby.owner_ready": N_("Everyone is seated: start the game when you are ready."),
    "lobby.wait_owner": N_("Waiting for {name} to start the game."),
    # A quick-match table: nobody starts it (its start is told in seconds as one arrives).
    "lobby.starts_itself": N_("The game starts by itself soon, or as soon as every seat is taken."),
    "seated": N_("You sit in seat {number}."),
    "give_to_computer": N_("Give the seat to a computer"),
    "computer_level_for": N_("Computer level for {name}"),
    "open_to_person": N_("Open the seat to a person"),
    # The connection.
    "connection_lost": N_("The connection to the server is lost; trying again."),
    "reconnecting": N_("Reconnecting in {seconds} s…"),
    "connected_again": N_("Connected again."),
    "offline": N_("Not connected: wait a moment and try again."),
    "sent_when_back": N_("Not connected: the move is sent when the connection is back."),
    "log_new_since": N_("New since your last visit:"),
    "log_earlier_left_out": N_("Earlier moves are not shown here."),
    "table_gone": N_("This table is no longer on the server."),
    # The seat's token was refused: the owner gave the seat to a computer, or it is gone.
    "seat_given_away": N_(
        "The table's owner gave your seat to a computer player: you are watching as a spectator. "
        "If the owner opens the seat to a person again, a form to take it appears on this page."
    ),
    "seat_not_yours": N_("This seat is no longer yours: you are watching as a spectator."),
    # The game's information.
    "info.rules": N_("Rules: {rules}"),
    "info.tiebreak": N_("tie-break hand"),
    "info.spectator": N_("you are watching as a spectator"),
    "to_play": N_("to play"),
    "dealer": N_("dealer"),
    "fact.cards": N_("cards in hand: {count}"),
    "fact.points": N_("points: {points}"),
    "fact.took": N_("took from the discard pile: {cards}"),
    "pile.count": N_("cards: {count}"),
    "pile.empty": N_("empty"),
    # What pressing a pile does now (the piles are buttons at the seat's turn).
    "pile.do_draw": N_("draw a card"),
    "pile.do_take": N_("take this card"),
    "pile.do_discard": N_("discard the chosen card here"),
    "my_groups": N_("Your groups on the table:"),
    "show_results": N_("Show the results"),
    # The turn cue: the tab's title, a notification, a sound.
    "title.your_turn": N_("Your turn · {title}"),
    "notify.on": N_("You will be notified when it is your turn while this tab is hidden."),
    "notify.off": N_("No more notifications."),
    "notify.blocked": N_(
        "The browser does not allow notifications for this site; its site settings can allow them."
    ),
    "sound.on": N_("A sound will play when it is your turn."),
    "sound.off": N_("No sound when it is your turn."),
    "sorted": N_("The order of your hand: {order}."),
    "chosen_cards": N_("Chosen: {cards}"),
    "chosen_none": N_("No card chosen."),
    "choice_cleared": N_("No card is chosen now."),
    # The moves.
    "move.draw_heading": N_("Start your turn"),
    "move.swap_heading": N_("Your program card"),
    "move.lay_heading": N_("Lay down your phase"),
    "move.reveal_heading": N_("Reveal your program"),
    "move.meld_heading": N_("New set"),
    "move.hit_heading": N_("Hit"),
    "move.extend_heading": N_("Extend"),
    "move.discard_heading": N_("End your turn"),
    "move.discard_chosen": N_("Discard the chosen card"),
    "move.discard": N_("Discard {card}"),
    "move.skip_at": N_("Play the Skip at {name}"),
    "who_gets_skip": N_("Who gets the Skip?"),
    "move.other_heading": N_("Other moves"),
    "move.help_heading": N_("Help"),
    "move.hint": N_("Hint"),
    "move.play_hint": N_("Play the hint: {text}"),
    "hint_asked": N_("Looking for a good move…"),
    "hint_is": N_("Hint: {text}."),
    "hint_is_cards": N_("Hint: {text}. Its cards are chosen."),
    "hint_is_card": N_("Hint: {text}. Its card is chosen."),
    "choose_one_to_discard": N_("Choose one card to discard it."),
    "choose_one_to_hit": N_("Choose one card to see where it fits."),
    "cannot_discard_card": N_("You cannot discard {card} now."),
    "no_such_move": N_("There is no such move in this game."),
    "unknown_key": N_("The key {key} does nothing here: press ? for the keys."),
    "no_swap": N_(
        "Program cards are not swapped at this table: swapping is an optional rule "
        "(AMZ-R31), and it is off."
    ),
    "no_lay_with_chosen": N_("No way to lay down uses every chosen card."),
    "no_meld_with_chosen": N_("No new set uses every chosen card."),
    "card_fits_nowhere": N_("The chosen card fits nowhere on the table."),
    "ways_to_choose": N_("Ways to choose from: {count}."),
    # Enter pressed on a card of the hand.
    "enter_in_hand": N_(
        "Space chooses a card; a lists the moves, and a move's key plays it with the cards chosen."
    ),
    # One way, which uses more cards than those chosen: offered, for Enter to play it.
    "one_way": N_("One way: {move}. Press Enter to play it."),
    "not_your_turn": N_("It is not your turn."),
    "wait_answer": N_("Wait for the server's answer to your last move."),
    "spectator_no_hand": N_("You are watching: you hold no cards."),
    "not_started": N_("The game has not started yet."),
    "game_over_say": N_("The game is over."),
    "rule_link": N_("Read rule {rule}"),
    "rematch_going": N_("A rematch is ready: going to the new table."),
    "leave_confirm": N_(
        "Leave the table? Your seat stays yours, as when you close the page: you can come "
        "back to it from My games."
    ),
    "rematch_here": N_("A rematch: the same players at a new table."),
    # The one-key questions (the terminal game's sentences).
    "q.hand_empty": N_("Your hand is empty."),
    "q.again": N_("The last events:"),
    "q.nothing_yet": N_("Nothing has happened yet since you started."),
    "q.discard_empty": N_("The discard pile is empty."),
    "q.groups_of": N_("{name}: {groups}."),
    # A group said with its cards in words, and what comes between two groups.
    "q.group": N_("{group}: {cards}"),
    "q.between": N_("; "),
    "q.scores": N_("Scores: {scores}."),
    # The s key in a game that counts no points while it is played (the programmes game).
    "q.standing": N_("Where each player stands: {scores}."),
    # Between two players' facts in the scores ("Ann 25 points (phase 2, 9 cards); Bob ...").
    "q.scores_sep": N_("; "),
    "q.their_turn": N_("It is {name}'s turn."),
    # The turn timer (timer.js): {time} is minutes and seconds, "0:42".
    "clock.left": N_("{time} left for {name}'s turn"),
    "clock.left_you": N_("{time} left for your turn"),
    "clock.almost_up": N_("{text} (almost up)"),
    "clock.hurry": N_("Only {time} left for your turn."),
    # The chat (chat.js): the reactions' phrases are the server's (phase10.table.reactions).
    "chat.heading": N_("Chat"),
    "chat.lines": N_("Chat messages"),
    "chat.reactions": N_("Quick reactions"),
    **{f"chat.reaction.{key}": phrase for key, phrase in REACTIONS.items()},
    "chat.input": N_("Message"),
    "chat.send": N_("Send"),
    "chat.says": N_("{name} says: {text}"),
    # What the sender hears once their own line has gone out.
    "chat.sent": N_("Sent: {text}"),
    "chat.mute_heading": N_("Hide a player's chat"),
    "chat.mute": N_("Mute {name}"),
    "chat.muted": N_("{name}'s chat is hidden."),
    "chat.unmuted": N_("{name}'s chat is shown again."),
    "chat.spectator": N_("Spectators read the chat; only the players write in it."),
    "chat.offline": N_("Not connected to the server at the moment; try again in a moment."),
    "chat.empty": N_("A chat message needs at least one visible character."),
    # The list of keys beside the table, said by "?": "Keys: d draw from the draw pile, ...".
    "keys_list": N_("Keys: {keys}."),
    # The summaries.
    "summary.final": N_("Final standing"),
    "summary.final_caption": N_("The final standing"),
    "summary.winner": N_("the winner"),
    "summary.seed": N_("Seed {seed}: the same seed and moves give the same game."),
    "summary.rematch": N_("Rematch"),
    "summary.rematch_owner": N_("The table's owner can start a rematch."),
    "summary.to_rematch": N_("Go to the rematch"),
    "summary.replay": N_("Watch the replay"),
    "summary.close": N_("Close"),
    "col.player": N_("Player"),
    "col.total": N_("Total"),
    "col.place": N_("Place"),
    "col.points": N_("Points"),
    # The replay.
    "replay.of": N_("of {steps}"),
    "replay.action": N_("Step {step} of {steps}: {action}"),
    # The step's move as its player's table offered it ("Discard red 7").
    "replay.move": N_("Step {step} of {steps}, {name}: {move}"),
    "replay.at": N_("Step {step} of {steps}."),
    # A move on its player's own group, said as the game tells it ("Sam hit ... on their own
    # set of 5s"): its button's words ("your set") are its player's, not the reader's.
    "replay.said": N_("Step {step} of {steps}: {said}"),
    "replay.to_play": N_("{name}, to play"),
    "replay.hand_of": N_("{name}'s hand"),
    "replay.no_cards": N_("No cards."),
    "replay.at_first": N_("This is the first step."),
    "replay.at_last": N_("This is the last step."),
    # A step typed past either end of the replay.
    "replay.no_such_step": N_("There is no step {step}: the steps go from 0 to {steps}."),
    "replay.first_hand": N_("This is the first hand."),
    "replay.last_hand": N_("This is the last hand."),
    # The programmes game says "round" to players where Phase 10 says "hand".
    "replay.first_round": N_("This is the first round."),
    "replay.last_round": N_("This is the last round."),
    # The play button's two labels, and what is said when it is pressed.
    "replay.play": N_("Autoplay"),
    "replay.pause": N_("Pause"),
    "replay.playing": N_("Playing the replay from step {step}."),
    "replay.paused": N_("Paused at step {step}."),
    # A series of rematches: each player's wins ("Ann 2, Bob 1").
    "series.win": N_("{name} {count}"),
    "series.summary": N_("Series: {wins} — game {number}"),
    "series.info": N_("Game {number} of the series: {wins}"),
    # The "My games" page.
    "games.loading": N_("Looking for your tables…"),
    "games.none": N_(
        "This browser holds no seat at any table yet: the tables you create or join are "
        "listed here."
    ),
    "games.caption": N_("Your tables, the newest first"),
    "games.col.game": N_("Game"),
    "games.col.table": N_("Table"),
    "games.col.state": N_("State"),
    "games.col.players": N_("Players"),
    "games.col.created": N_("Created"),
    "games.col.actions": N_("Actions"),
    "games.state.waiting": N_("waiting to start"),
    "games.state.playing": N_("being played"),
    "games.state.over": N_("finished"),
    "games.state.won": N_("finished, won by {name}"),
    "games.unknown": N_("The server no longer knows this table."),
    # A table that stands, where this browser's seat is no longer its own.
    "games.seat_lost": N_(
        "Your seat here is no longer yours (given to a computer player, or to someone else): "
        "you can still watch the table."
    ),
    "games.open": N_("Table {code}"),
    "games.replay": N_("Replay of table {code}"),
    "games.forget": N_("Forget"),
    # A table still on the server: forgetting it loses the seat, so the button asks first.
    "games.forget_table": N_("Forget table {code}"),
    "games.forget_confirm": N_(
        "Forget table {code}? This browser will no longer hold your seat there, and you "
        "cannot go back to it."
    ),
    "games.forgotten": N_("Forgotten: this browser no longer keeps that seat."),
    "games.computer": N_("{name} (computer)"),
    # The tables this browser watched as a spectator.
    "games.watched_caption": N_("Tables you watched, the latest first"),
    "games.col.watched": N_("Watched"),
    "games.watched_gone": N_("The server no longer knows this table."),
    "games.watched_forgotten": N_("Forgotten: this table is no longer listed here."),
}


#: Texts with a count ("1 card", never "1 cards"). The page gets each in
#: two forms, ``KEY.one`` and ``KEY.other``, and its ``tn()`` picks one for the count with
#: the language's plural rule (French: 0 and 1 take the singular).
PLURALS: Final[dict[str, tuple[str, str]]] = {
    "chosen_too_many": _Plural.ngettext(
        "You have chosen {count} card: choose just one to discard.",
        "You have chosen {count} cards: choose just one to discard.",
    ),
    "more_ways": _Plural.ngettext(
        "{count} more way: choose cards in your hand to see the ways that use them.",
        "{count} more ways: choose cards in your hand to see the ways that use them.",
    ),
    "replay.start": _Plural.ngettext(
        "The deal, before {count} step.", "The deal, before the first of {count} steps."
    ),
    "games.count": _Plural.ngettext(
        "This browser holds a seat at {count} table.",
        "This browser holds seats at {count} tables.",
    ),
    # The table's turn timer, beside its rules, before the game starts and during it.
    "info.timer": _Plural.ngettext(
        "turn timer: {count} second a turn", "turn timer: {count} seconds a turn"
    ),
    # The hand said by h: how many cards, then each in words.
    "q.hand": _Plural.ngettext(
        "Your hand, {count} card: {cards}.", "Your hand, {count} cards: {cards}."
    ),
    "q.top": _Plural.ngettext(
        "Top of the discard pile: {card}; the draw pile has {count} card.",
        "Top of the discard pile: {card}; the draw pile has {count} cards.",
    ),
}


def strings(lang: str) -> dict[str, str]:
    """Every string of :data:`STRINGS` in ``lang``, and both forms of each of :data:`PLURALS`
    (every language of the game has two: the catalogs' ``nplurals=2``)."""
    tr = translator(lang)
    out = {key: tr.gettext(text) for key, text in STRINGS.items()}
    for key, (one, other) in PLURALS.items():
        out[f"{key}.one"] = tr.ngettext(one, other, 1)
        out[f"{key}.other"] = tr.ngettext(one, other, 2)
    return out
