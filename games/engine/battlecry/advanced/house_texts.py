"""The full text of each house rule (seed 002) in the site's own words, longer than its
one-line description: the rules page shows it under the option's heading, and the set-up
forms link to it. A house rule without an entry here is explained by its description."""
from __future__ import annotations

TEXTS: dict[str, tuple[str, ...]] = {
    "hand_capacity": (
        "The house rule lets a side hold one card more for each of its generals on the board "
        "and one fewer for each general lost. The Advanced rules already deal and keep hands "
        "that way, so the option is there for a club looking for the rule, and changes "
        "nothing in the game.",
    ),
    "last_figure": (
        "When an attack brings a unit down to a single figure, that unit also takes a flag, "
        "which terrain or a general may cancel as any other flag.",
        "The last figure is harder to remove: it falls only to an attack whose roll shows two "
        "crossed swords as well as hits enough. One sword on its own pushes it back as a flag.",
    ),
    "return_fire": (
        "A unit attacked in melee that is neither destroyed nor pushed out of its hex answers at "
        "once: it rolls its close-range dice against the attacker, less one die, never fewer "
        "than one.",
        "Artillery fired on from a distance may answer one such attacker each turn in the same "
        "way. There is no answer to a unit that is itself answering.",
    ),
    "first_fire": (
        "A defender standing on a hill, behind works, with a general, or charged by cavalry "
        "rolls one die when attacked in melee. Crossed swords or a flag let it shoot first, and "
        "the attacker rolls only if it is still there; this shot replaces its return fire.",
        "It needs return fire to be on.",
    ),
    "cavalry_charge": (
        "Cavalry that moved this turn to stand next to the enemy and then attacks charges: it "
        "rolls five dice instead of three, provided it survives any first fire and still "
        "stands there.",
    ),
    "withdrawal_fire": (
        "A unit that moves away from enemy units it was touching is fired on by each of them "
        "as it goes: half their close-range dice, rounded up, one such shot per enemy unit and "
        "turn. Crossed swords count as flags; woods or rough ground left behind cost a die.",
    ),
    "following_up": (
        "When a unit moves away from enemy infantry or cavalry, one of those enemy units may "
        "step into the hex it left, as long as it touches no other unit of the moving side. "
        "Each enemy unit does so at most once a turn.",
    ),
    "risk_to_general": (
        "A general with a unit may fall when that unit loses a figure or takes two flags in "
        "one attack, or when it leaves contact with the enemy: his side rolls for him.",
        "A general alone whose hex an enemy unit enters rolls too; if he survives he slips "
        "away to the nearest unit of his side.",
    ),
    "generals_in_retreat": (
        "A retreating unit led by a general is not stopped by a lone general of its own side in "
        "the way: he steps one hex aside, never toward the enemy, and the unit goes on.",
    ),
    "holding_ground": (
        "A unit on a hill, behind fieldworks, with a friend behind it that touches no enemy, or "
        "with a general may ignore one flag in each attack against it. These reasons do not "
        "add up, except a general, who lets it ignore one more: two flags at most.",
    ),
    "mutual_support": (
        "A unit counts as supported when at least one unit of its own side stands next to it "
        "and that friend has no enemy unit or general beside it. In each attack against a "
        "supported unit, the first flag rolled is set aside.",
        "With holding your ground in force, support is one of the reasons a unit holds one flag "
        "there, so the two rules together still hold that one flag, and a general one more. "
        "Without it, support holds a flag on top of a hill or works, as works add to a hill.",
        "When a melee clears the defender's hex, a unit supporting the attacker may pass "
        "through it into that hex, taking the attacker's general along if its owner wishes. "
        "It gets a second attack only under the breakthrough rule; the attacker itself moves "
        "in only with a general, as in the rulebook.",
        "One order lets a unit clear of the enemy change places with a friend next to it. If "
        "the friend was in contact, the supporter comes forward and may battle; the unit "
        "going back draws no parting shot and no enemy steps after it, but it may not battle "
        "or rally. If neither touched the enemy, the change is all either does this turn.",
    ),
    "support_fire": (
        "A gun standing next to a friendly infantry unit, with no enemy next to the gun, is in "
        "support of it. While that infantry unit has no enemy beside it, the gun sees and "
        "fires past it as if the hex were empty. Once the infantry unit is in contact, the gun "
        "instead lends it 2 dice whenever it attacks.",
        "Any supporting friend (a unit next to the attacker, clear of the enemy) also lends 1 "
        "die to an attack on an adjacent enemy. Infantry never fires past other infantry.",
        "A unit lends its dice only if it was not ordered this turn and is not Shaken, and only "
        "to one attack each turn; only attacks of the side whose turn it is receive them, so "
        "return fire and the other answers in the enemy's turn get none.",
    ),
    "long_retreats": (
        "Each flag that stands sends the unit back at least one hex and, if its owner wishes, "
        "as far as its normal move: one hex for infantry (two under the infantry profile), "
        "three for cavalry, one for artillery, two for horse artillery.",
        "Every hex of the way back is taken toward the unit's own edge, and among those "
        "steps only the ones that leave it farthest from the unit that fired on it.",
        "A unit on its own board edge ignores the first flag of each attack, though it is "
        "still Shaken by it when Shaken is on; each further flag costs it a figure. Down to "
        "its last figure it ignores none: a flag takes that figure.",
        "A retreat may pass through a friendly unit, or end on its hex when that friend can "
        "step back a hex first. Then the retreating unit and each such friend roll one die: "
        "the unit's own symbol costs it a figure, a flag sends it back as one more flag would.",
        "Only when it has no other way back, a retreat may pass hexes next to an enemy. It "
        "may not stop in them and goes on, beyond its move if need be, until it is clear; "
        "the passage costs a figure, or, on its last figure, a die roll that ends the unit "
        "on crossed swords.",
    ),
    "woods_shaken_roll": (
        "Woods break up a formation. A unit that moves into a woods hex on its orders rolls "
        "one die once it is there: crossed swords or a flag and it is Shaken, so it may not "
        "battle this turn and stays Shaken through its side's next turn. A general with the "
        "unit, or in a hex next to it, steadies it: then only crossed swords shake it.",
        "It needs the woods rule and Shaken to be on. A unit pushed into woods by a retreat, "
        "or taking ground after a fight, does not roll.",
    ),
    "stream_shaken_roll": (
        "A unit that moves into a river hex on its orders rolls one die there, as for woods: "
        "crossed swords or a flag (only swords with a general with it or next to it) and it "
        "is Shaken. Crossing by a bridge needs no roll.",
        "It needs the streams rule and Shaken to be on.",
    ),
    "multi_mapsets": (
        "Truly big battles are fought on two or three maps laid edge to edge along their long "
        "sides, one behind another between the two players, who keep their seats at the outer "
        "long edges. Where two maps meet, a row of twelve blank hexes bridges the seam so that "
        "the rows go on alternating; pieces move, fight and see across it as anywhere else.",
        "The flanks run straight down every map, as on one board. A side may field a box of "
        "pieces for each map. The battle's own file says it is laid out so; the rule is ticked "
        "with such a battle, and with no other.",
    ),
}
