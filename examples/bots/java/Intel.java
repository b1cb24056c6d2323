import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** What a FourDecisionBot knows at a decision: a reading of the protocol's view. */
@SuppressWarnings("unchecked")
public final class Intel {
    private final Map<String, Object> view;

    Intel(Map<String, Object> view) { this.view = view; }

    /** The cards this seat holds and can see. */
    public List<String> cards() {
        List<String> out = new ArrayList<>();
        for (Object c : (List<Object>) view.get("hand")) {
            Object card = ((Map<String, Object>) c).get("card");
            if (card != null) out.add((String) card);
        }
        return out;
    }

    /** The vira (the card turned up), or null where the ruleset has none. */
    public String vira() { return (String) view.get("muestra"); }

    /** The cards played face up by the other side in this round. */
    public List<String> opponentCards() {
        List<String> out = new ArrayList<>();
        long side = ((Number) view.get("side")).longValue();
        for (Object p : (List<Object>) view.get("table")) {
            Map<String, Object> play = (Map<String, Object>) p;
            if (((Number) play.get("seat")).longValue() % 2 != side && play.get("card") != null) {
                out.add((String) play.get("card"));
            }
        }
        return out;
    }

    public int score() { return score(((Number) view.get("side")).intValue()); }

    public int opponentScore() { return score(1 - ((Number) view.get("side")).intValue()); }

    private int score(int side) { return ((Number) ((List<Object>) view.get("score")).get(side)).intValue(); }

    /** What the hand is worth now. */
    public int handValue() { return ((Number) view.get("hand_value")).intValue(); }

    /** The strength of a card in this hand: 0 for the weakest group, higher is stronger. */
    public int strength(String card) {
        List<Object> order = (List<Object>) view.get("card_order");
        for (int k = 0; k < order.size(); k++) {
            if (((List<Object>) order.get(k)).contains(card)) return k;
        }
        return -1;
    }

    /** The strength of the strongest card of the deck in this hand. */
    public int strongest() { return ((List<Object>) view.get("card_order")).size() - 1; }
}
