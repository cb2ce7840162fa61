"""Reading mana abilities from rules text (CR 605, 106.6, 106.7, 106.12, 305.6, 305.7,
604, 613, 614).

:func:`parse_mana` reads a card's Oracle text and returns a :class:`CardMana`: its
activated mana abilities (CR 605.1a) as :class:`~mtgmana.board.abilities.ManaAbility`
values, its triggered mana abilities (CR 605.1b) as
:class:`~mtgmana.board.abilities.ManaTrigger` values, the replacement effects it makes on
mana production (CR 106.12b, 614) as :class:`~mtgmana.board.abilities.ManaReplacement`
values, the continuous effects of its static abilities that change what permanents
are or which mana abilities they have (CR 604, 613) as
:class:`~mtgmana.board.effects.ContinuousEffect` values, and — never a guess — what it
can't model exactly, each with the reason. :func:`mana_of` does the same for a
:class:`~mtgmana.cards.Card`, and :func:`spend_of` reads what casting a card is spent on
(a :class:`~mtgmana.restrictions.Spend`: its types, colors, mana cost and the
keywords that change how it's paid).

>>> from mtgmana.ability_text import parse_mana
>>> from mtgmana.board.abilities import ManaAbility
>>> parse_mana("", type_line="Basic Land — Forest").abilities == (ManaAbility.simple("G"),)
True
>>> wastes = parse_mana("{T}: Add {C}.\\n{T}: Add {W} or {U}. This land deals 1 damage to you.")
>>> wastes.abilities == (ManaAbility.simple("C"), ManaAbility.pain("", "WU"))  # CR 113.2c
True
>>> coffers = parse_mana("{2}, {T}: Add {B} for each Swamp you control.").abilities[0]
>>> str(coffers.cost), str(coffers.production)
('{2}, {T}', '{B} for each of Swamp you control')
>>> verge = parse_mana("{T}: Add {G}. Activate only if you control a Forest or an Island.")
>>> str(verge.abilities[0].condition)
'you control a Forest or Island'
>>> tower = parse_mana("{T}: Add {C}. If you control an Urza's Mine and an Urza's "
...                    "Power-Plant, add {C}{C}{C} instead.").abilities
>>> [(str(a.production), str(a.condition)) for a in tower]     # doctest: +NORMALIZE_WHITESPACE
[('{C}', "not (you control an Urza's Mine and an Urza's Power-Plant)"),
 ('{C}{C}{C}', "you control an Urza's Mine and an Urza's Power-Plant")]
>>> str(parse_mana("{T}: Add {G}. Activate only during your turn.").abilities[0].condition)
"it's your turn"
>>> parse_mana("{T}: Add {G}. Activate only as a sorcery.").unsupported[0][1]
'activation condition: Activate only as a sorcery.'
>>> lantern = parse_mana('Lands you control have "{T}: Add one mana of any color."')
>>> [(str(e.affects), e.layer, str(e.grants[0])) for e in lantern.statics]
[('land you control', Layer.ABILITY, '{T}: Add one mana of any color.')]
>>> moon = parse_mana("Nonbasic lands are Mountains.").statics[0]
>>> str(moon.affects), sorted(moon.land_types), moon.set_types
('nonbasic land', ['Mountain'], True)

**What is read.** Reminder text (in parentheses) is ignored; a land's basic land
types give it "{T}: Add [symbol]" (CR 305.6) whatever its text box says. "This
land", "this creature", "this artifact" (and so on), the card's name and a
legendary card's short name all mean the object itself. Each line of rules text is
one ability. A line is read as:

* an activated mana ability: ``cost: effect`` whose effect adds mana, has no target
  and whose cost has no loyalty symbol (CR 605.1a);
* a triggered mana ability: "Whenever ... is tapped for mana" / "Whenever you tap
  ... for mana", adding mana (CR 605.1b, 106.12a);
* a replacement effect: "If ... is tapped for mana, it produces ... instead"
  (CR 106.12b): twice or three times as much (``MULTIPLY``), another type
  (``BECOMES``; "instead of any other type and amount" also sets ``amount=1``), or
  {C} for two or more mana (``DAMPING``).

An instant's "Until end of turn, ..." effect (Pale Moon, High Tide) is read as the
trigger or replacement effect it creates, with a note. "Whenever this land becomes
tapped, it deals N damage to you" (City of Brass) is damage on each of its {T}
mana abilities' choices. Lines that add mana but aren't mana abilities — spells
(CR 605.5b), loyalty abilities, abilities with a target, triggered abilities that
don't trigger on mana abilities (CR 605.5a), tokens a card creates — and triggers on
tapping for mana that add no mana (Manabarbs) are listed in ``notes``.

**Costs and choices.** Each way an ability can add mana is a
:class:`~mtgmana.board.abilities.Choice`. "Add {W} or {U}" is one choice of one mana that
is {W} or {U} (``ManaAbility.simple("WU")``); "Add {U}{U}, {U}{B}, or {B}{B}" is
three choices; "N mana of any one color" is five choices of N equal slots; "N mana
in any combination of colors" is one choice of N ``ANY_COLOR`` slots; "two mana of
different colors" is the ten pairs. When the ability deals damage to you
(painlands, CR 106.12), a choice of one mana among several types is listed type by
type, as :meth:`~mtgmana.board.abilities.ManaAbility.pain` does. Abilities of one object
with the same cost, no spending restriction, no "once each turn" limit, no
board-dependent amount, no damage and no notes are merged into one ability whose
choices are theirs in order; a painland's two abilities stay two, as printed (CR
113.2c): Adarkar Wastes' "{T}: Add {C}" is ``ManaAbility.simple("C")`` and "{T}: Add
{W} or {U}. This land deals 1 damage to you" is ``ManaAbility.pain("", "WU")``.

Board-dependent amounts are an :class:`~mtgmana.board.abilities.Amount`: "for each
creature you control" counts permanents; "equal to your devotion to green" is
devotion to ``"G"``; counters removed as a cost ("Remove X storage counters",
"Remove any number of ...", "... one or more ...") are ``Amount("counters")`` with
``ActivationCost.counter`` naming the counter and ``remove_counters`` 0. Nykthos,
Shrine to Nyx ("Choose a color. Add an amount of mana of that color equal to your
devotion to that color") is five one-mana choices, ``same_choice=True``, repeated
``Amount("devotion")`` times — no ``colors``: the devotion is to the color of the
choice made ("... equal to the number of creatures you control of the chosen type"
likewise). Counters on the object itself ("for each charge counter on this
artifact", "X is the number of petal counters on ~") are ``Amount("own counters")``
(:attr:`~mtgmana.board.Permanent.counters`); "Put a charge counter on this
artifact. Add X ..., where X is the number of charge counters" adds ``plus=1``, and
so does "Add {B}, then add an additional {B} for each charge counter removed this
way" (Mana Battery) to ``Amount("counters")``. "This creature's power" is
``Amount("power")``, "the greatest power among creatures you control"
``Amount("greatest power")``, "~'s toughness" and "the greatest toughness among ..."
likewise (Vhal, Arbor Adherent); "your life total" is ``Amount("life")`` (Sanctum of
the Sun); "for each black creature card in your graveyard", "the number of permanent
cards in your graveyard" are ``Amount("graveyard")`` with a filter of the cards (CR
110.4a; counted from :attr:`~mtgmana.board.Board.graveyard_cards`); "the number
of basic land types among lands you control" (domain) is ``Amount("basic land
types")``; "for each different power among creatures you control" ``Amount("different
powers")``; "the amount of life you gained this turn" and "for each card you've drawn
this turn" read the board's ``life_gained`` and ``cards_drawn``. "Other Gates you
control" is a :class:`~mtgmana.board.abilities.PermanentFilter` with ``other=True``,
"artifact you control named ~" one with the object's ``name``; "creatures you control
with defender" (``keywords``), "... that entered this turn", "an untapped blue
creature" (``colors``) and "each creature you control with a (+1/+1) counter on it"
(``with_counters``: the permanent's counters) are filters too. "Sacrifice a creature"
and "Tap an untapped creature you control" keep their noun phrase as printed
(``"creature"``, ``"Forest"``, ``"artifact or creature"``, ``"another creature"``);
"Sacrifice two Goats" is ``sacrifice="Goat"``, ``sacrifice_count=2``. "Pay {E}{E}" is
``energy=2`` (CR 107.14); "Discard a card" is ``discard=1``, and so is "Exile a card
from your hand" (the same card from your hand, for paying; with a note); "Exile three
cards from your graveyard" is ``exile_graveyard=3``; forage (CR 701.61: exile three
cards from your graveyard or sacrifice a Food) is one ability per way to pay it.

"For each color among permanents you control, add one mana of that color" (Bloom
Tender; "... monocolored permanents ..." Tarnation Vista; "... the exiled cards used
to craft this creature" Sunbird Effigy, the permanent's chosen colors) is one choice
of five slots, ``DynamicSlot.EACH_PERMANENT_W`` to ``_G`` (``EACH_MONOCOLORED_*``,
``EACH_CHOSEN_*``): each its color if some such permanent has it, else no mana (an
empty slot adds none, CR 106.5).

**Conditions and dynamic types.** "Activate only if you control a Swamp or a
Mountain" / "... five or more lands" / "... a creature with power 4 or greater",
"Activate only if this land entered this turn", "Activate only if there are three
or more brick counters on ~", "... if creatures you control have total power 8 or
greater" (``total_power``), "... if you control three or more lands with the same
name" (``same_name``), "... if an opponent has three or more poison counters" and
"Activate only during your turn" / "... an opponent's turn" (facts of the game,
:data:`~mtgmana.board.abilities.FACTS`, on the board's ``facts``: "corrupted", "your turn"
negated) are a :class:`~mtgmana.board.abilities.Condition` (CR 602.5b).
A condition that changes the mana — "If you control ..., add ... instead", "If ~ has
a luck counter on it, instead add ...", "If you played a land this turn, add {B}
instead", "If you have the initiative, ...", "If you've completed a dungeon, ...",
"If a card is exiled with ~, ..." (``imprinted``: Ugin's Labyrinth), "~ deals 1
damage to you if you don't control an Ogre" — makes two abilities with
complementary conditions (``activation=False``). Abilities after "STATION N+" get
the condition of having N charge counters (CR 721.2a); "Max speed — ..." abilities
the fact "max speed" (CR 702.179: the object has them only then). A mana trigger
"while you're the monarch" (Regal Behemoth) has that condition. "One mana of any
color in your commander's color identity", "... that a Gate you control could
produce", "... among legendary permanents you control", "either of the circled
colors", "any of this creature's colors" (Katilda), "any color among legendary
creature cards in your graveyard" (The Grey Havens), "Choose a color of a card in
your graveyard" are :class:`~mtgmana.board.abilities.DynamicSlot` values. "The chosen type" is
:data:`~mtgmana.board.abilities.CHOSEN_TYPE` (or ``chosen_type`` when given).

**Static abilities** (read by ``_statics``) become continuous effects (CR 611.3,
613) on the permanents they name — "Lands you control", "Each land", "Nonbasic
lands" (``controller="any"``), "Enchanted land", "Equipped creature"
(``attached=True``), "Other legendary creatures you control", "Creature tokens",
"Each nonland permanent you control", "All Slivers", "Each Fungus and Saproling you
control" — in the layer the rules put them:

* layer 4 (CR 613.1d, 305.7): "Each land is a Swamp in addition to its other land
  types" (Urborg, Tomb of Yawgmoth; Yavimaya), "Nonbasic lands are Mountains" (Blood
  Moon, Magus of the Moon: ``set_types``), "Lands you control are every basic land
  type in addition to their other types" (Prismatic Omen, Dryad of the Ilysian Grove,
  Leyline of the Guildpact), "Enchanted land is an Island" (Spreading Seas), "All
  Mountains are Plains", card types added ("Nontoken creatures you control are Forest
  lands in addition to their other types", "Enchanted artifact is a creature ... in
  addition to its other types"); "Enchanted land is the chosen type" and "This land is
  the chosen type" (Convincing Mirage, Multiversal Passage) give
  :data:`~mtgmana.board.abilities.CHOSEN_TYPE`, bound to the basic land type chosen for the
  permanent (its ``chosen_type``); card types set (CR 205.1a: ``set_card_types``) —
  "Enchanted permanent is a colorless Forest land" (Song of the Dryads: a basic land
  type set too, CR 305.7), "... is a colorless land with "{T}: Add {C}" and loses all
  other card types and abilities" (Imprisoned in the Moon), "... is a Treasure
  artifact ..." (Minimus Containment: ``subtypes``); land types lost ("Enchanted land
  loses all land types and abilities", Lithoform Blight: ``loses_land_types``; "Lands
  your opponents control with the chosen name ...", Alpine Moon, whose filter's
  ``name`` is :data:`~mtgmana.board.effects.CHOSEN_NAME`, bound to the permanent's
  ``chosen_name``);
* layer 5 (CR 613.1e): "Each nonland permanent you control is all colors", "All
  creatures are black", "Enchanted creature ... is a blue Frog" (colors set, or added
  "in addition to its other colors");
* layer 6 (CR 613.1f): granted abilities — 'Lands you control have "{T}: Add one mana
  of any color."' (Chromatic Lantern), 'Creatures you control have ...' (Cryptolith
  Rite, Elven Chorus), 'Equipped creature has vigilance and "..."' (Paradise Mantle,
  Lotus Ring), the quoted ability read like a line of its own ("this creature" is
  the object that has it); "As long as you control six or more lands, lands you
  control have ..." (The World Tree) grants it with that condition
  (``activation=False``), "As long as enchanted permanent is a land, it has ..." to the
  enchanted permanent if it is one; an ability the object gives itself while it is
  modified (CR 700.9), renowned (a designation, CR 702.112b) or the top card of your
  library is a land card is its own ability with that condition (Orochi
  Merge-Keeper, Honored Hierarch, Mul Daya Channelers); and losing all abilities
  ("All creatures lose all abilities", Humility; "Enchanted creature loses all
  abilities", Frogify).

"It" is the subject of the sentence before ("Enchanted creature can't block. It loses
all abilities"). A Saga's chapter that gives the Saga a mana ability ("I — This Saga
gains "{T}: Add {C}."", Urza's Saga) is that ability with the condition of a lore
counter per chapter (CR 714.2b); an ability sticker ("{TK}{TK} — {T}: Add {C}{C}") is
its ability, with a note (CR 123.3c). A spell's "Until end of turn, lands you control
gain "..."" is read as the effect it creates, with a note; "As long as this card is in
your graveyard" (Riftstone Portal) works only from a graveyard (CR 113.6b), which a
board doesn't hold: a note. The effect of a triggered or activated ability that grants
a mana ability is a note too (the board holds the effect once it exists).

**Irrelevant to mana** (left alone: they don't change which mana a board can make):
power and toughness ("gets +1/+1", "base power and toughness", "power is equal to"),
keywords granted (flying, vigilance, haste — whether a creature can use {T} is its
``summoning_sick``, CR 302.6), quoted abilities that add no mana, creature types an
effect adds ("is a Knight in addition to its other types"; an amount that counts a
creature type sees the printed ones), an object's own colors and types (CR 604.3:
"Transguild Courier is all colors", "This creature is the chosen type"), untapping
("Lands don't untap during their controllers' untap steps", "Enchanted creature
doesn't untap": a board says which permanents are tapped, CR 502.3), costs of spells
and of abilities that aren't mana abilities ("Spells cost {1} more", "Activated
abilities cost {2} more to activate unless they're mana abilities" — the engine
pays the total cost), restrictions on abilities that aren't mana abilities ("...
can't be activated unless they're mana abilities", Pithing Needle; "Players can't pay
life ... to activate abilities that aren't mana abilities"), copy effects without an
exception (a Clone: put the permanent it copies on the board), attacking, blocking,
card draw, life gain, counters, tokens created, effects on cards that aren't
permanents ("Cards in graveyards lose all abilities") and one-shot effects of spells
and of modes ("• Target land gains ...").

**Unsupported or noted.** Anything the model can't say makes the ability
unsupported, with the reason: costs other than the ones above (an X the player
chooses: "Sacrifice X Goats", "{X}"; returning or exiling a permanent, collect
evidence); conditions on activating it other than the ones above ("only as a
sorcery"; leveler and Class levels; exhaust); amounts or types that depend on
something else (the sacrificed permanent's mana value, the last noted type); life
loss (which isn't damage). Static abilities that change mana in a way the model
can't say are unsupported too: "... can't be activated" (Cursed Totem, Arrest),
spending mana "as though it were mana of any color" (Chromatic Orrery, CR 609.4b),
setting a creature's card types (March of the Machines: "artifact creature" keeps
the others, CR 205.1b, and its power is set), losing card types without new ones,
"lose all abilities except mana abilities" (Blood Sun), "the chosen color"
(Painter's Servant), abilities copied from other objects (Manascape Refractor),
effects on mana abilities other than "Mana abilities of this land cost an additional
1 life to activate" (Thran Portal: ``extra_life``), costs that can't be paid
("Players can't pay life or sacrifice creatures"), an ability the object gives itself
under another condition, conditions on other effects, and permanents the filters
can't name ("non-Aura").
"Discard your hand" (Lion's Eye Diamond, Diamond Lion) is ``discard_hand``: every
card in it, none too (CR 701.9a); "Activate only as an instant" is
``only_as_instant`` (CR 602.5e: with priority only, so before a spell is cast, its
mana floating — the tapper then won't discard the hand a spell is cast from), with a
note. "If ~ has a +1/+1 counter on it, add three mana of that type instead"
(Incubation Druid) is three slots of one type, a choice per type
(``DynamicSlot.OWN_LAND_TYPE_W`` ... ``_C`` for "a type that a land you control
could produce").
What happens *after* the mana is added — drawing a card, gaining life, putting a counter on it,
"doesn't untap during your next untap step", an effect when the mana is spent, "that
spell can't be countered" — doesn't change which mana can pay a cost, so the
ability is modelled and the effect kept in ``notes``. So are three costs with such
effects that can always be paid: exerting the object (CR 701.43), putting a counter
on it (Wall of Roots) and milling a card (while the library isn't empty, CR
701.17b); their ``ActivationCost`` then carries the printed cost as ``text``.
"Tap two untapped Elves you control" is ``tap_other="Elves"``, ``tap_count=2``
(``tap_filter`` when the words alone would be read otherwise: "tokens"); "Exile this
card from your hand" is ``exile_from_hand`` (the ability works from a hand, CR
113.6m); "one mana of any of the exiled card's colors" (Chrome Mox, Pit of Offerings)
and "any color chosen as you drafted cards named ~" (Paliano) are
``DynamicSlot.CHOSEN_COLORS``: the permanent's ``chosen_colors``.

Spending restrictions are read by
:func:`mtgmana.restriction_text.parse_restriction`; one it can't read makes the
ability unsupported with its reason.

The reader is split by what it reads: ``_reader`` (a face's lines, and merging),
``_costs`` (activation costs), ``_effects`` (the sentences of an effect),
``_production`` (what is added, and board-dependent amounts), ``_conditions``,
``_filters`` (the permanents the text refers to), ``_triggers`` (mana triggers and
replacement effects), ``_statics`` (static abilities: continuous effects) and
``_words`` (shared words, and the two ways a line fails).
"""

from __future__ import annotations

from .._lazy import lazy_names
from .._numbers import number_word, word_number
from ..board.abilities import bind_chosen_type
from ..cards import Card
from ..errors import MtgManaError
from ._card_mana import CardMana
from ._reader import read

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy knows the name)
if TYPE_CHECKING:
    from ._casting import Casting, Reduction, casting_of
    from ._entering import EnteringCounters, Unread, energy_on_entering, read_counters, read_unread
    from ._lands import BASIC_TYPES, Entry, EntryKind, Fetch, read_entry, read_fetch
    from ._ramp import Ramp, RampKind, SpellText, read_ramp, read_spell_text, without_reminder
    from ._spend import spend_of

__all__ = [
    "BASIC_TYPES",
    "CardMana",
    "Casting",
    "EnteringCounters",
    "Entry",
    "EntryKind",
    "Fetch",
    "Ramp",
    "RampKind",
    "Reduction",
    "SpellText",
    "Unread",
    "casting_of",
    "energy_on_entering",
    "mana_of",
    "number_word",
    "parse_mana",
    "read_counters",
    "read_entry",
    "read_fetch",
    "read_number",
    "read_ramp",
    "read_spell_text",
    "read_unread",
    "spend_of",
    "without_reminder",
]

# Where the names :func:`mana_of` doesn't need live (the imports under TYPE_CHECKING
# above): imported when first used (PEP 562), so reading a card's mana doesn't build
# the readers of casting costs, entering, lands' searches, ramp and spending.
_HOMES: dict[str, str] = {
    **dict.fromkeys(("Casting", "Reduction", "casting_of"), "_casting"),
    **dict.fromkeys(
        ("EnteringCounters", "Unread", "energy_on_entering", "read_counters", "read_unread"),
        "_entering",
    ),
    **dict.fromkeys(
        ("BASIC_TYPES", "Entry", "EntryKind", "Fetch", "read_entry", "read_fetch"), "_lands"
    ),
    **dict.fromkeys(
        ("Ramp", "RampKind", "SpellText", "read_ramp", "read_spell_text", "without_reminder"),
        "_ramp",
    ),
    "spend_of": "_spend",
}


__getattr__, __dir__ = lazy_names(__name__, _HOMES, globals(), __all__)


def parse_mana(
    text: str, *, type_line: str = "", name: str = "", chosen_type: str | None = None
) -> CardMana:
    """The mana abilities, mana triggers and mana replacement effects in ``text``,
    the Oracle text of one face.

    ``type_line`` gives basic land types their intrinsic ability (CR 305.6) and
    ``name`` lets the text refer to the object by name. ``chosen_type`` is the
    creature type chosen for the permanent (Cavern of Souls: "Spend this mana only to
    cast a creature spell of the chosen type"); without it "the chosen type" is the
    placeholder :data:`~mtgmana.board.abilities.CHOSEN_TYPE`, which no object has
    (:class:`~mtgmana.board.Permanent` binds it to its ``chosen_type``). Text
    that has nothing to do
    with mana, or garbage, gives an empty :class:`CardMana`; text that isn't a
    string raises :class:`~mtgmana.MtgManaError`.

    >>> lotus = parse_mana("{T}, Sacrifice Black Lotus: Add three mana of any one color.",
    ...                    name="Black Lotus").abilities[0]
    >>> lotus.cost.sacrifice_self, [str(choice) for choice in lotus.production.choices]
    (True, ['{W}{W}{W}', '{U}{U}{U}', '{B}{B}{B}', '{R}{R}{R}', '{G}{G}{G}'])
    >>> parse_mana("Flying").has_mana, parse_mana("Add {R}{R}{R}.").notes
    (False, ('not a mana ability (CR 605.5b: a spell or a static effect): Add {R}{R}{R}.',))
    """
    for value, what in ((text, "text"), (type_line, "type line"), (name, "name")):
        if not isinstance(value, str):
            raise MtgManaError(f"the {what} of a card must be a string, not {value!r}")
    if chosen_type is not None and (not isinstance(chosen_type, str) or not chosen_type.strip()):
        raise MtgManaError(f"the chosen type must be a creature type, not {chosen_type!r}")
    result = read(text, name, type_line)
    return result if chosen_type is None else bind_chosen_type(result, chosen_type)


def mana_of(card: Card, face: int | str = 0, *, chosen_type: str | None = None) -> CardMana:
    """:func:`parse_mana` of one face of ``card`` (by index or name; the front face
    by default — a double-faced card enters the battlefield front face up unless an
    effect says otherwise, CR 712.14).

    >>> from mtgmana.board.abilities import ManaAbility
    >>> from mtgmana.cards import lookup
    >>> mana_of(lookup("Sol Ring")).abilities[0] == ManaAbility.fixed("CC")
    True
    """
    if not isinstance(card, Card):
        raise MtgManaError(f"mana_of needs a Card, not {card!r}")
    chosen = card.faces[card.face_index(face)]
    return parse_mana(
        chosen.oracle_text, type_line=chosen.type_line, name=chosen.name, chosen_type=chosen_type
    )


def read_number(word: str, *, articles: bool = True) -> int:
    """The number a count in rules text names: digits, or "one" to "twelve", and
    "a", "an" unless ``articles`` is false (as in "enters with two charge counters
    on it"). The one table of number words (:mod:`mtgmana._numbers`) is read here.

    >>> read_number("two"), read_number("an"), read_number("12")
    (2, 1, 12)
    >>> read_number("a", articles=False)
    Traceback (most recent call last):
    ...
    mtgmana.errors.MtgManaError: not a number in rules text: 'a'
    """
    if not isinstance(word, str):
        raise MtgManaError(f"read_number needs a word, not {word!r}")
    number = word_number(word, articles=articles)
    if number is None:
        raise MtgManaError(f"not a number in rules text: {word!r}")
    return number
