import java.util.Comparator;
import java.util.List;

/** A four-decision bot: it wins a round as cheaply as it can, raises and accepts with strong cards. */
public final class HeuristicBot implements FourDecisionBot {
    private static int strong(Intel intel) {
        return (int) intel.cards().stream().filter(c -> intel.strength(c) >= intel.strongest() - 3).count();
    }

    @Override
    public CardToPlay chooseCard(Intel intel) {
        List<String> cards = intel.cards();
        cards.sort(Comparator.comparingInt(intel::strength));
        int best = intel.opponentCards().stream().mapToInt(intel::strength).max().orElse(-1);
        for (String card : cards) {
            if (intel.strength(card) > best) return CardToPlay.of(card);
        }
        return CardToPlay.of(cards.get(0));
    }

    @Override
    public boolean decideIfRaises(Intel intel) { return strong(intel) >= 2; }

    @Override
    public int getRaiseResponse(Intel intel) {
        int strong = strong(intel);
        return strong >= 2 ? 1 : strong == 1 ? 0 : -1;
    }

    @Override
    public boolean getMaoDeOnzeResponse(Intel intel) { return strong(intel) >= 1; }

    public static void main(String[] args) throws Exception {
        TrucoBot.run(new FourDecisionAdapter(new HeuristicBot()), "heuristic-java", "1.0");
    }
}
