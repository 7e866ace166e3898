// The lab's xinxin seat (lab/xinxin_seat.py): Sturtevant's Hearts program (vendor/, GPL-3.0),
// asked one question a line on stdin, one answer a line on stdout. This file is GPL-3.0 too,
// as it links that program; it is lab tooling, never in the wheel or the site.
//
// A question is a command and four fields split by '|':
//   move <seed> <worlds> <sims> <pass> | <deal> | <passes> | <plays>
//   legal <pass> | <deal> | <passes> | <plays>
//   score <pass> | <deal> | <passes> | <plays>
// <pass> is left, right, across or none; <deal> is 52 card codes (QS, TH, 2C...), player 0's 13
// first, then players 1, 2, 3 (player 1 sits to player 0's left and plays after it); <passes>
// is empty or 12 codes, player 0's 3 first; <plays> is every card played, in order.
// The answers: `move` the card the player to move chooses (three cards if player 0 is to pass:
// xinxin passes card by card), `legal` the cards it may play, `score` the four points of a
// finished hand. Anything else gets `error <why>` and the driver reads the next line.
//
// The whole game is rebuilt for every question, with fresh players seeded by <seed>: an answer
// depends on its question only. xinxin's search sees only what player 0 could: it samples its
// worlds from HeartsGameState::getiiGameState, which keeps the player's own cards, the plays
// and the passes it made and received.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "Hearts.h"
#include "iiMonteCarlo.h"

namespace {

using hearts::card;

const std::string kRanks = "23456789TJQKA";  // ours, low to high; xinxin's ranks run ACE=0 .. TWO=12
const std::string kSuits = "CDSH";           // ours; xinxin's suits are S D C H
const int kXinxinSuit[4] = {hearts::CLUBS, hearts::DIAMONDS, hearts::SPADES, hearts::HEARTS};

// This game's rules: Q♠ 13, ♣2 leads, no points on the first trick, hearts must be broken and
// Q♠ does not break them, cards are passed, and a moon gives 26 to each other seat (xinxin's
// scoring when shooting is on).
const int kRules = hearts::kQueenPenalty | hearts::kLead2Clubs | hearts::kNoHeartsFirstTrick |
                   hearts::kNoQueenFirstTrick | hearts::kMustBreakHearts | hearts::kDoPassCards;

card ParseCard(const std::string &code) {
  if (code.size() == 2) {
    std::size_t rank = kRanks.find(code[0]), suit = kSuits.find(code[1]);
    if (rank != std::string::npos && suit != std::string::npos)
      return hearts::Deck::getcard(kXinxinSuit[suit], 12 - static_cast<int>(rank));
  }
  throw std::invalid_argument("not a card: " + code);
}

std::string CardCode(card c) {
  int suit = 0;
  while (kXinxinSuit[suit] != hearts::Deck::getsuit(c)) suit++;
  return std::string(1, kRanks[12 - hearts::Deck::getrank(c)]) + kSuits[suit];
}

std::vector<card> ParseCards(const std::string &field) {
  std::istringstream in(field);
  std::vector<card> cards;
  for (std::string code; in >> code;) cards.push_back(ParseCard(code));
  return cards;
}

int PassDir(const std::string &name) {
  if (name == "left") return hearts::kLeftDir;
  if (name == "right") return hearts::kRightDir;
  if (name == "across") return hearts::kAcrossDir;
  if (name == "none") return hearts::kHold;
  throw std::invalid_argument("not a pass direction: " + name);
}

// One question's game: the state, its four players and what they own (the state deletes the
// players; their searches are kept here, as OpenSpiel's xinxin_bot.cc keeps them).
struct Table {
  std::vector<std::unique_ptr<hearts::UCT>> ucts;
  std::vector<std::unique_ptr<hearts::HeartsPlayout>> playouts;
  std::vector<std::unique_ptr<hearts::iiMonteCarlo>> searches;
  std::unique_ptr<hearts::HeartsGameState> state;
};

// Sturtevant's strongest player in main.cpp (its case 0): SafeSimpleHeartsPlayer, model level
// 2, PIMC over `worlds` sampled worlds with UCT (C 0.4, playout epsilon 0.1) sharing `sims`
// simulations among them. One thread, so that a seed gives one answer.
void AddPlayer(Table &table, int worlds, int sims) {
  table.ucts.push_back(std::make_unique<hearts::UCT>(sims / worlds, 0.4));
  table.playouts.push_back(std::make_unique<hearts::HeartsPlayout>());
  table.ucts.back()->setPlayoutModule(table.playouts.back().get());
  table.ucts.back()->setEpsilonPlayout(0.1);
  table.searches.push_back(std::make_unique<hearts::iiMonteCarlo>(table.ucts.back().get(), worlds));
  table.searches.back()->setUseThreads(false);
  auto *player = new hearts::SafeSimpleHeartsPlayer(table.searches.back().get());
  player->setModelLevel(2);
  table.state->addPlayer(player);
  player->setGameState(table.state.get());
}

void Apply(hearts::HeartsGameState &state, card c, int player) {
  hearts::CardMove move(c, player);
  if (!state.IsLegalMove(&move)) throw std::invalid_argument("not legal here: " + CardCode(c));
  state.ApplyMove(&move);
}

// The game of a question's last three fields, replayed up to its last play.
void Replay(Table &table, int pass_dir, const std::vector<std::string> &fields) {
  std::vector<card> deal = ParseCards(fields[1]), passes = ParseCards(fields[2]), plays = ParseCards(fields[3]);
  uint64_t seen = 0;
  for (card c : deal) seen |= uint64_t(1) << c;
  if (deal.size() != 52 || __builtin_popcountll(seen) != 52) throw std::invalid_argument("the deal is 52 different cards");
  std::vector<std::vector<card>> hands(4);
  for (int index = 0; index < 52; index++) hands[index / 13].push_back(deal[index]);
  hearts::HeartsGameState &state = *table.state;
  state.Reset();
  state.SetInitialCards(hands);  // before the pass direction: setting the cards unsets it
  state.setPassDir(pass_dir);
  state.setFirstPlayer(0);
  if (!passes.empty() && (passes.size() != 12 || pass_dir == hearts::kHold))
    throw std::invalid_argument("passes are 12 cards, and only in a hand that passes");
  for (unsigned index = 0; index < passes.size(); index++) Apply(state, passes[index], index / 3);
  if (pass_dir != hearts::kHold && passes.empty() && !plays.empty())
    throw std::invalid_argument("plays before the passes");
  if (plays.size() > 52) throw std::invalid_argument("more than 52 plays");
  for (card c : plays) Apply(state, c, state.getNextPlayerNum());
}

std::string Answer(const std::string &line) {
  std::vector<std::string> fields;
  std::istringstream split(line);
  for (std::string field; std::getline(split, field, '|');) fields.push_back(field);
  while (fields.size() < 4) fields.push_back("");
  if (fields.size() != 4) throw std::invalid_argument("a question has four fields split by '|'");
  std::istringstream head(fields[0]);
  std::string command, pass;
  long seed = 1, worlds = 1, sims = 1;
  head >> command;
  if (command == "move") head >> seed >> worlds >> sims;
  head >> pass;
  if (!head || (command != "move" && command != "legal" && command != "score"))
    throw std::invalid_argument("a question starts with move <seed> <worlds> <sims>, legal or score, then the pass");
  if (worlds < 1 || worlds > 1000 || sims < worlds || sims > 10000000)
    throw std::invalid_argument("worlds 1..1000 and sims worlds..10^7");
  hearts::labSeed = static_cast<uint32_t>(seed);
  srandom(static_cast<unsigned>(seed));
  Table table;
  table.state = std::make_unique<hearts::HeartsGameState>(static_cast<int>(seed));
  table.state->setRules(kRules);
  table.state->deletePlayers();
  for (int player = 0; player < 4; player++) AddPlayer(table, static_cast<int>(worlds), static_cast<int>(sims));
  Replay(table, PassDir(pass), fields);
  hearts::HeartsGameState &state = *table.state;
  std::string answer;
  if (command == "score") {
    if (!state.Done()) throw std::invalid_argument("the hand is not over");
    for (int player = 0; player < 4; player++) answer += std::to_string(static_cast<int>(state.score(player))) + " ";
  } else if (state.Done()) {
    throw std::invalid_argument("the hand is over");
  } else if (command == "legal") {
    hearts::Move *moves = state.getAllMoves();
    for (hearts::Move *move = moves; move; move = move->next)
      answer += CardCode(static_cast<hearts::CardMove *>(move)->c) + " ";
    state.freeMove(moves);
  } else {
    int player = state.getNextPlayerNum();
    bool passing = !state.donePassing();
    for (int step = 0; step < (passing ? 3 : 1); step++) {
      hearts::CardMove *move = static_cast<hearts::CardMove *>(state.getNextPlayer()->Play());
      card c = move->c;
      state.freeMove(move);
      Apply(state, c, player);
      answer += CardCode(c) + " ";
    }
  }
  answer.pop_back();
  return answer;
}

}  // namespace

int main() {
  // The answers go to the real stdout; anything xinxin prints goes to stderr instead.
  FILE *answers = fdopen(dup(1), "w");
  dup2(2, 1);
  for (std::string line; std::getline(std::cin, line);) {
    std::string answer;
    try {
      answer = Answer(line);
    } catch (const std::exception &error) {
      answer = std::string("error ") + error.what();
    }
    std::fprintf(answers, "%s\n", answer.c_str());
    std::fflush(answers);
  }
  return 0;
}
