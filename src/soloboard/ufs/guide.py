"""What a front end tells the player about each edition: a rules summary and the move notation.

The summaries follow the rulebooks and ``shared/reference/rulings.md`` (rulings 1-15 for
the boxed edition, 16-21 for the 9-card one); they invent no rule. Numbers that come from
the components (energy maximum, damage limit, sky rows) are read from the game, so a new
card side changes the text with the data. Texts use rich markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from soloboard.i18n import N_, _
from soloboard.ufs.words import die_colour, ship_colour

if TYPE_CHECKING:
    from soloboard.ufs.game import BaseUFSGame
    from soloboard.ufs.tables import Layout

# i18n: keep the [markup], the signs (< > M Xn ENE FIG RES ROB $n) and the {names} as they are
BOXED_RULES = N_("""\
[bold]Under Falling Skies in brief[/bold]
Each round has three phases.
[bold]1 Dice[/bold]  3 gray and 2 white dice are rolled. Place each die on the base, each in a
  different column. Every ship in that column moves down by the die's value (one less on an
  AA gun, base row 0) and then triggers the space it stops on: [cyan]<[/cyan] [cyan]>[/cyan] move it sideways,
  [red]M[/red] moves the mothership down a row. A ship passing sky row 16 hits the city (1 damage)
  and goes back to the mothership. After placing a white die, the unplaced dice are re-rolled.
  Dice go on excavated spaces; one die a round may go on an unexcavated space n spaces ahead
  of the excavator (+n on the board) if it shows at least n: 'dig' then moves the excavator there.
[bold]2 Rooms[/bold]  Use a room when all its spaces hold dice or ready robots, paying its energy cost
  ($n). Its value is the dice plus its modifier. ENE energy: gain the value. FIG fighters:
  shoot down every ship on an explosion Xn with n <= value (purple ships go back to the
  mothership, white ones leave the board). RES research: climb the research track, paying each
  space's cost out of the value. ROB robots: build a robot (value = room value, at most 6) and
  install it on an empty excavated room space or AA gun; a robot works from the next round and
  loses a pip each time it is used. At most 2 robots (a city's ability may change this).
  'done' ends the phase; unused dice are lost.
[bold]3 Mothership[/bold]  It moves down one row (ships on that row go back onto it) and does the
  row's action; then the waiting ships spawn on free drop points: columns without ships first,
  then the one farthest from its column's topmost ship (you choose on a tie).
[bold]Win[/bold] by reaching the top of the research track. [bold]Lose[/bold] when the damage reaches the
  limit or the mothership reaches the skull row.""")

# the Spanish rulebook of the 9-card edition, with rulings 16-21
PNP_RULES = N_("""\
[bold]Under Falling Skies, 9-card edition, in brief[/bold]
Each round has three phases.
[bold]1 Dice[/bold]  {plain_dice} {plain} and {white_dice} white dice are rolled. Place them one at a time on the base,
  each in a different column and on a different space. Every ship in that column moves down by the
  die's value (one less on an AA gun, base row 0) and then triggers the space it stops on:
  [cyan]<[/cyan] [cyan]>[/cyan] move it sideways if that space is empty, [red]M[/red] moves the mothership
  down a row (its track symbol is then ignored). A ship passing sky row {sky_rows} hits the city (1 damage) and goes
  back to the mothership. After placing a white die, the unplaced dice are re-rolled.
  Dice go on excavated spaces, never on a robot (a robot occupies its space). Once a round one die
  may go on any unexcavated space, room or tunnel (+n on the board: its distance from the
  excavator); it still takes its column and moves the ships.
[bold]2 Rooms[/bold]  Resolve the dice one at a time, in any order, paying each room's energy cost ($n);
  without the energy (or the wish to pay it) a die is just removed. A room's value is its die, or
  the sum of the dice of a multi-space room (every space filled), plus its modifier.
  ENE energy: {energy_rule}.
  FIG fighters: shoot down every ship on an explosion Xn with n <= value ({primary} ships go back
  to the mothership, {reinforcement} ones back to the supply). ENE+FIG: both, with one value.
  RES research: climb the research track; the value must pay the cost of each space it enters.
  ROB robots: build a robot die set to the value (at most 6). It is installed once every die is
  resolved, on an empty excavated room space, and works from the next round like a die, but it
  moves no ships and does not count for the one die per column. Using its room costs energy as
  usual; every Rooms Phase, used or not, it loses a pip, and a robot at 1 is removed instead.
  Robots go only into excavated rooms, never onto AA guns. There are {robot_dice} robot dice: a
  robot leaves the base only when it wears out, or when its die is taken for a new robot (when
  both dice are on the base, installing a new robot first removes one of your choice).
  Dig: pay 1 energy; if the die shows at least the path length from the excavator to it, the
  excavator moves there; otherwise the die can only be discarded.
  'done' ends the phase; unused dice are lost.
[bold]3 Mothership[/bold]  First the track symbol on the row just below the mothership's arrow (row MS+1)
  is resolved: 1 damage, excavator back n (robots on the way are removed), research back n,
  +1 {reinforcement} ship onto the mothership (while the supply lasts), or the skull. Then the
  mothership moves down one row (ships on that row go back onto it). Then the waiting ships spawn
  one at a time where you choose: on a free drop point above a column with no ship; once every
  column has a ship, on any free drop point. You also choose which waiting ship ({primary} or
  {reinforcement}) goes. When every drop point is taken, the rest wait a round.
[bold]Win[/bold] by reaching the last space of the research track.
  [bold]Lose[/bold] at {damage_limit} damage, or when the skull symbol is resolved or the mothership reaches
  the skull row.
[bold]Level[/bold]  Each card on its difficult side adds a level (0-{cards}). The difficult sides come from a
  single unverified transcription; the four sky cards play on them (levels 0-4), the other cards'
  difficult sides need values it leaves unknown and are refused with the values named.""")

RULES = {"ufs": BOXED_RULES, "ufs-pnp": PNP_RULES}

_ENERGY_RULES = {
    "max": N_("energy becomes the value if that is more than you have (at most {energy_max})"),
    "add": N_("add the value, at most {energy_max} (energy_rule 'add': the later published rule)"),
}


def _layout(game: BaseUFSGame) -> Layout | None:
    """The components of the game's first possible set-up (for the numbers they print)."""
    if game.fixed_sides is not None:
        return game.layout(game.fixed_sides)
    masks = game.setup_masks()
    return game.layout(game.sides_for_mask(masks[0])) if masks else None


def rules_summary(game: BaseUFSGame) -> str:
    """The rules in brief, for the game's edition."""
    template = RULES.get(game.short_name)
    if template is None:
        return _("[bold]{game}[/bold]: no rules summary for this edition.").format(game=game.long_name)
    layout = _layout(game)
    energy_max = layout.energy_max if layout is not None else "?"
    values = {
        "plain": die_colour(game.dice_names[0]), "plain_dice": game.plain_dice, "white_dice": game.white_dice,
        "primary": ship_colour(game.ship_names[0]), "reinforcement": ship_colour(game.ship_names[1]),
        "sky_rows": game.sky_rows, "robot_dice": game.robot_dice, "cards": len(game.cards),
        "damage_limit": layout.damage_limit if layout is not None else "?",
        "energy_rule": (_(_ENERGY_RULES[game.ruleset.energy_rule]) if game.ruleset.energy_rule in _ENERGY_RULES
                        else "").format(energy_max=energy_max),
    }
    return _(template).format(**values)


def _pairs(rows: list[list[tuple[str, str]]]) -> str:
    """Two moves a line: notations at columns 2 and 48, meanings at 15 and 60."""
    lines = []
    for row in rows:
        text = "  " + f"{row[0][0]:<12} {row[0][1]}"
        if len(row) > 1:
            text = f"{text:<48}{row[1][0]:<12}{row[1][1]}"
        lines.append(text)
    return "\n".join(lines)


def notation_help(game: BaseUFSGame) -> str:
    """How moves are typed in this edition (its dice letters, its ships)."""
    plain, white = game.dice_letters[0], game.dice_letters[1]
    plain_name, white_name = (die_colour(name) for name in game.dice_names)
    primary, reinforcement = game.ship_names  # the notation types the English ship name
    choose_ship = not game.ruleset.spawn_farthest
    if game.ruleset.dig_checked_on_place:
        dig = _("move the excavator to the die waiting on e2 (1 energy)")
    else:
        dig = _("move the excavator to the die waiting on e2 (1 energy; the die must reach it)")
    rows = [
        [(f"{plain}5c3", _("place the {colour} 5 on c3").format(colour=plain_name)),
         (f"{white}2a0", _("place the {colour} 2 on a0").format(colour=white_name))],
        [("use b2", _("use the room on b2 (any space)")), ("discard b2", _("take the die off b2, no effect"))],
        [("dig e2", dig)],
        [("install b2", _("install the new robot on b2")), ("remove b2", _("remove the robot on b2"))],
    ]
    if game.hooks.adds_decisions:  # a city whose ability adds a decision (Washington damaged)
        rows.append([(f"six {plain}3", _("{colour} 3 becomes a 6 (ability)").format(colour=plain_name)),
                     ("no six", _("do not use the ability this round"))])
    if choose_ship:
        rows += [
            [("spawn c", _("spawn a {ship} ship above column c").format(ship=ship_colour(primary)))],
            [(f"spawn {reinforcement} c", _("spawn a {ship} ship above column c").format(
                ship=ship_colour(reinforcement)))],
            [("done", _("end the Rooms Phase")), ("skip", _("decline a robot that has no room"))],
        ]
    else:
        rows += [
            [("spawn c", _("spawn a ship above column c")), ("skip", _("decline a robot that has no room"))],
            [("done", _("end the Rooms Phase"))],
        ]
    rows.append([("3", _("the move numbered 3 in the list (when the list is numbered)"))])
    forgiving = "  " + _("Case and spaces do not matter: {lower}, {spaced} and 'use  C3' are read too; a move that "
                         "cannot be read\n  brings the nearest legal moves.").format(
        lower=f"{plain.lower()}5c3", spaced=f"'{plain}5 c3'")
    return (_("[bold]Moves[/bold]  (columns a-e left to right; base rows 0-5, row 0 = AA guns)") + "\n"
            + _pairs(rows) + "\n" + forgiving)


def phase_hints(game: BaseUFSGame) -> dict[str, str]:
    """A one-line reminder of the notation for each phase."""
    plain, white = game.dice_letters[0], game.dice_letters[1]
    plain_name, white_name = (die_colour(name) for name in game.dice_names)
    primary, reinforcement = game.ship_names
    spawn = _("Type 'spawn c', or a move's number")
    if not game.ruleset.spawn_farthest:
        spawn = _("Type 'spawn c' (a {primary} ship) or '{move}' (a {reinforcement} ship), or a move's number").format(
            primary=ship_colour(primary), move=f"spawn {reinforcement} c", reinforcement=ship_colour(reinforcement))
    at_will = game.ruleset.robots_removed_at_will
    return {
        "place": _("Type a placement like {plain} ({plain_name} 5 on c3) or {white} ({white_name} 2 on a0)").format(
            plain=f"{plain}5c3", plain_name=plain_name, white=f"{white}2a0", white_name=white_name),
        "rooms": (_("Type 'use b1', 'discard b1', 'dig e2', 'remove b2' or 'done', or a move's number") if at_will
                  else _("Type 'use b1', 'discard b1', 'dig e2' or 'done', or a move's number")),
        "install": (_("Type 'install b2', 'remove b2' or 'skip', or a move's number") if at_will
                    else _("Type 'install b2' (or 'remove b2' when both robot dice are on the base), or a move's "
                           "number")),
        "ability": _("Type '{move}' to set a die to 6 with the city's ability, or 'no six'").format(
            move=f"six {plain}3"),
        "spawn": spawn,
    }
