/**
 * A bot written against four decisions, as university Truco Paulista platforms ask of their bots:
 * the card to play (or cover), whether to raise, the answer to a raise, and whether to play the
 * hand of eleven. FourDecisionAdapter turns it into a bot of the protocol, unchanged.
 */
public interface FourDecisionBot {
    /** The card to play now, face up or covered. */
    CardToPlay chooseCard(Intel intel);

    /** Whether to raise the stake (truco, then six, nine, twelve) before playing a card. */
    boolean decideIfRaises(Intel intel);

    /** The answer to the other side's raise: -1 run (give up the hand), 0 accept, 1 raise again. */
    int getRaiseResponse(Intel intel);

    /** At the hand of eleven: true to play it, false to give up its point. */
    boolean getMaoDeOnzeResponse(Intel intel);

    /** A card and whether it is played covered (face down). */
    final class CardToPlay {
        public final String card;
        public final boolean covered;

        private CardToPlay(String card, boolean covered) { this.card = card; this.covered = covered; }

        public static CardToPlay of(String card) { return new CardToPlay(card, false); }

        public static CardToPlay covered(String card) { return new CardToPlay(card, true); }
    }
}
