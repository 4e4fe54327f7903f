// @ts-check
// The shapes the engine's JSON bridge (kaiser_core/api.py, docs/bridge.md) hands the page, as
// JSDoc types for `tsc --noEmit`. Nothing here runs: other modules import the names in
// `@typedef {import("./types.js").View} View` comments.

/**
 * A card string: rank A K Q J T 9 8 7 5 3 then suit C D H S ("AS", "TD", "5H").
 * @typedef {string} Card
 */

/**
 * An action in canonical form; `type` says which of the other fields it has.
 * @typedef {object} Action
 * @property {"pass" | "bid" | "kaiser" | "trump" | "play" | "redeal" | "keep" | "pass_card" | "claim"} type
 * @property {number} [points] a bid's points
 * @property {boolean} [no_trump] a bid in no trump
 * @property {"C" | "D" | "H" | "S" | null} [suit] trump named (null: no trump after a Kaiser bid)
 * @property {Card} [card] the card played or passed to partner
 */

/** @typedef {[number, Action]} AuctionEntry a seat and its call */

/**
 * @typedef {object} Contract
 * @property {number} seat
 * @property {number} points
 * @property {boolean} no_trump
 * @property {boolean} kaiser
 * @property {"C" | "D" | "H" | "S" | null} trump
 */

/**
 * A trick in progress (`winner` absent) or done (`winner` set).
 * @typedef {object} Trick
 * @property {number | null} leader
 * @property {number[]} seats
 * @property {Card[]} cards
 * @property {number | null} [winner]
 * @property {number} [points] what it was worth to the side that took it (a `trick` event)
 */

/**
 * @typedef {object} Standing the highest bid so far, with its place in `auction`
 * @property {number} seat
 * @property {Action} action
 * @property {number} index
 */

/**
 * The seat to bid: its lowest legal bid.
 * @typedef {object} ToTake
 * @property {number | null} points
 * @property {boolean} no_trump
 * @property {boolean} kaiser
 * @property {boolean} equal_allowed
 */

/**
 * `view(state, seat)`: what one seat may know.
 * @typedef {object} View
 * @property {number} seat
 * @property {string} phase "redeal" | "passing" | "bidding" | "trump" | "play" | "game_over"
 * @property {number | null} to_act
 * @property {number} dealer
 * @property {number} hand_number finished hands before this one
 * @property {Card[]} hand
 * @property {number[]} hand_sizes
 * @property {AuctionEntry[]} auction
 * @property {Contract | null} contract
 * @property {number | null} out_seat
 * @property {Trick} trick
 * @property {Trick[]} tricks
 * @property {number[]} raw
 * @property {number[]} tricks_won
 * @property {number[]} seat_tricks
 * @property {number[]} scores
 * @property {number} target
 * @property {number} threshold
 * @property {0 | 1 | null} winner
 * @property {Action[]} legal
 * @property {boolean} weak_hand
 * @property {Card | null} passed_card
 * @property {Card | null} received_card
 * @property {number | null} winning the seat winning the trick on the table so far (null before a lead)
 * @property {number | null} trick_points what that trick is worth so far; null when no card
 *   is down, or when its worth is decided only at the end of the hand
 * @property {Standing | null} standing
 * @property {boolean} may_equal
 * @property {ToTake | null} to_take
 */

/**
 * One finished hand: `summary(state).hands[i]`, and a `hand` event's record.
 * @typedef {object} HandRecord
 * @property {number} dealer
 * @property {Card[][]} deal
 * @property {string} deal_code
 * @property {AuctionEntry[]} auction
 * @property {Contract | null} contract
 * @property {Trick[]} tricks
 * @property {number[]} tricks_won
 * @property {number[]} seat_tricks
 * @property {0 | 1 | null} five_team
 * @property {0 | 1 | null} three_team
 * @property {number[]} raw
 * @property {number[]} delta
 * @property {number[]} scores
 * @property {boolean | null} made
 * @property {number} target
 * @property {number} threshold
 * @property {(Card | null)[]} passes
 * @property {boolean[]} reached_target
 * @property {boolean[]} at_threshold the team stands at or above the defender threshold
 * @property {number | null} claimed the seat that claimed the rest of the tricks, if one did
 * @property {boolean} [undo] a move was taken back in this hand (table_summary)
 */

/**
 * `summary(state)`: the score sheet.
 * @typedef {object} Summary
 * @property {string} phase
 * @property {number | null} to_act
 * @property {number} dealer
 * @property {number[]} scores
 * @property {number} target
 * @property {number} threshold
 * @property {0 | 1 | null} winner
 * @property {HandRecord[]} hands
 * @property {string[]} notes
 */

/**
 * A game config as `new_game` takes it.
 * @typedef {object} GameConfig
 * @property {string} profile
 * @property {Object<string, unknown>} [options]
 * @property {string} [seed]
 * @property {number} [dealer]
 * @property {string | Card[][]} [deal]
 * @property {number[]} [scores]
 */

/**
 * A game as the engine returns it: the config and the actions (the rest is derived by replay).
 * @typedef {object} GameState
 * @property {number} version
 * @property {GameConfig} config
 * @property {Action[]} actions
 * @property {string} phase
 * @property {number | null} to_act
 * @property {number} dealer
 * @property {number[]} scores
 * @property {0 | 1 | null} winner
 */

/** @typedef {{type: "action", seat: number, action: Action}} ActionEvent */
/**
 * @typedef {{type: "trick", winner: number, leader: number, seats: number[], cards: Card[],
 *   points: number}} TrickEvent
 */
/** @typedef {{type: "hand", record: HandRecord, hand_index: number}} HandEvent */
/** @typedef {{type: "game_over", winner: 0 | 1 | null, scores: number[]}} GameOverEvent */
/**
 * What one action caused, in order (`step`, `bot_step`).
 * @typedef {ActionEvent | TrickEvent | HandEvent | GameOverEvent} StepEvent
 */

/**
 * The answer of `step` and `bot_step`.
 * @typedef {object} StepResult
 * @property {GameState} state
 * @property {View} view the view of the seat asked for
 * @property {View[]} views the view of each seat in `seats`
 * @property {StepEvent[]} events
 * @property {number} hands_played
 */

/**
 * A table's answer to `open_table`, `table_step`, `table_bot_step`: never the whole state.
 * @typedef {object} TableReply
 * @property {string} table
 * @property {number} moves moves made so far
 * @property {number} hands_played
 * @property {View} view the acting seat's view (a bot's move: the table's first seat)
 * @property {View[]} views the table's other shown seats
 * @property {StepEvent[]} events public: a card passed to partner shows as null
 * @property {Action} [action] the move as the saved game records it (the holding device only)
 * @property {number} [undone] table_undo: how many moves were taken back
 */

/**
 * Where the page's position comes from (table/table-client.js): a table this device holds in
 * its engine, or one held by another device. The page draws only what it answers.
 * @typedef {object} TableClient
 * @property {number[]} seats the seats this device shows, its own first
 * @property {GameState | null} state the saved game, where this device holds it
 * @property {boolean} hasEngine false for a guest whose page runs no engine
 * @property {(seat: number) => View | null} view the latest view of a shown seat
 * @property {(action: Action, seat: number) => Promise<TableReply>} step
 * @property {(level: string, seed: string, timeCapMs: number) => Promise<TableReply>} botStep
 * @property {(seat: number) => Promise<View>} refresh
 * @property {() => Promise<Summary>} summary
 * @property {(seat: number, seed: string | number) => Promise<Hint[]>} hint
 * @property {() => void} close
 */

/**
 * What is remembered to paint the table on the next visit (table/paint.js, ui/storage.js).
 * @typedef {{key: string, view: View, roles: string[], label?: string}} PaintRecord
 */

/**
 * One entry of `hint(state, seat)`, best first.
 * @typedef {object} Hint
 * @property {Action} action
 * @property {number} value
 * @property {boolean} suggested
 */

/**
 * One entry of `options_schema()`.
 * @typedef {object} SchemaOption
 * @property {string} name
 * @property {string} label
 * @property {string} help
 * @property {"bool" | "choice" | "int" | "int_or_bid_out" | "int_or_null"} type
 * @property {unknown[]} allowed the choices, or [min, max]
 * @property {Object<string, unknown>} profiles each profile's value
 * @property {{value: unknown, label: string}[]} [choices]
 * @property {{value: unknown, label: string}} [special]
 */

/**
 * One entry of `profiles()`.
 * @typedef {object} Profile
 * @property {Object<string, unknown>} options
 * @property {string} title
 * @property {string} origin
 * @property {string} summary
 */

/**
 * `describe_rules(config)`.
 * @typedef {object} RulesText
 * @property {string} title
 * @property {string} origin
 * @property {string} summary
 * @property {{topic: string, title: string, sentences: string[]}[]} sections
 */

/**
 * The page's settings (storage.js).
 * @typedef {object} Settings
 * @property {string} profile
 * @property {Object<string, unknown>} options overrides of the profile's values
 * @property {Object<number, string>} bots bot level per seat 0-3 (used where no person sits)
 * @property {number[]} people the seats played by a person at this device, in seat order
 * @property {string | null} speed null: normal, or off under reduced motion
 */

/**
 * One card of the analysis: what it cost and the cards as good as each other instead.
 * @typedef {object} AnalysisPlay
 * @property {number} seat
 * @property {Card} card
 * @property {number} dd_after
 * @property {number} cost
 * @property {Card[]} best
 * @property {number} best_value
 * @property {Object<string, number>} values
 */

/**
 * @typedef {object} AnalysisTrick
 * @property {number} number
 * @property {number} leader
 * @property {number} winner
 * @property {Card[]} cards
 * @property {number} dd_before
 * @property {AnalysisPlay[]} plays
 */

/**
 * @typedef {object} ParTable what each side takes double-dummy per denomination, and its best
 * @property {number} minimum_bid
 * @property {{trump: "C" | "D" | "H" | "S" | null, no_trump: boolean,
 *   sides: {team: number, declarer: number, raw: number}[]}[]} denominations
 * @property {{team: number, contract: {points: number, no_trump: boolean,
 *   trump: "C" | "D" | "H" | "S" | null} | null, raw: number, score: number}[]} best
 */

/**
 * `analyze(state, hand_index)`: the double-dummy review of a finished hand (bidding team's points).
 * @typedef {object} Analysis
 * @property {number} hand_index
 * @property {number} dealer
 * @property {Card[][]} deal
 * @property {AuctionEntry[]} auction
 * @property {Contract | null} contract
 * @property {number[]} raw
 * @property {boolean | null} made
 * @property {number[]} delta
 * @property {number} bidders
 * @property {number | null} out_seat
 * @property {number} dd_start
 * @property {AnalysisTrick[]} tricks
 * @property {{trick: number, seat: number, card: Card, cost: number, best: Card[], team: number,
 *   text: string}[]} mistakes
 * @property {number[]} lost points lost to mistakes per team
 * @property {ParTable} par
 * @property {{seat: number, bid: Action, denominations: {trump: string | null, no_trump: boolean,
 *   raw: number}[], contract_raw: number} | null} estimate
 */

/**
 * `analyze_step(state, hand_index)`: one step of the analysis; `progress` is [steps done, steps],
 * `result` the analysis once done.
 * @typedef {{done: false, progress: number[], result: null}
 *   | {done: true, progress: number[], result: Analysis}} AnalysisStep
 */

/**
 * `decode_challenge(text)`.
 * @typedef {object} Challenge
 * @property {string} profile
 * @property {Object<string, unknown>} options
 * @property {string} seed
 * @property {number} seat
 * @property {Object<string, string>} bots
 * @property {string | null} name
 * @property {{index: number, deal: string, dealer: number, result: number[],
 *   config: GameConfig}[]} deals
 */

/**
 * `challenge_par(text, index)`.
 * @typedef {object} ChallengePar
 * @property {number} index
 * @property {number[]} result
 * @property {boolean | null} made
 * @property {number[]} raw
 */

/**
 * What each bridge function the page calls answers.
 * @typedef {object} Bridge
 * @property {GameState} new_game
 * @property {Action[]} legal_actions
 * @property {GameState} apply
 * @property {GameState} load
 * @property {View} view
 * @property {Summary} summary
 * @property {string} encode_share
 * @property {GameState} decode_share
 * @property {string} encode_hand
 * @property {Action} bot_action
 * @property {StepResult} step
 * @property {StepResult} bot_step
 * @property {Hint[]} hint
 * @property {Analysis} analyze
 * @property {AnalysisStep} analyze_step
 * @property {Object<string, Profile>} profiles
 * @property {SchemaOption[]} options_schema
 * @property {RulesText} describe_rules
 * @property {string} encode_challenge
 * @property {Challenge} decode_challenge
 * @property {ChallengePar} challenge_par
 * @property {string} reply_challenge
 * @property {Object<string, string>} card_names
 * @property {TableReply} open_table
 * @property {TableReply} table_step
 * @property {TableReply} table_bot_step
 * @property {View} table_view
 * @property {Summary} table_summary
 * @property {GameState} table_state
 * @property {Hint[]} table_hint
 * @property {{holds: boolean | null}} table_claim
 * @property {TableReply & {undone: number}} table_undo
 * @property {null} close_table
 */

/**
 * The engine client (worker-client/client.js). A failed call rejects with an error whose `type` is the
 * Python exception's class name and `code` the engine's error code ("table_not_found", ...).
 * @typedef {object} Engine
 * @property {string} version
 * @property {string} boot "snapshot" or "fresh"
 * @property {string | null} snapshot where a restored snapshot came from: "stored" (this
 *   browser's copy) or "shipped" (the build's own); null after a fresh boot
 * @property {Object<string, number>} timings
 * @property {<K extends keyof Bridge>(fn: K, ...args: unknown[]) => Promise<Bridge[K]>} call
 * @property {{fn: string, sent: number, received: number}[]} traffic the last calls, as JSON
 *   characters each way
 * @property {() => void} terminate
 */

export {};
