import java.util.List;
import java.util.Map;
import java.util.Random;

/** Turns a FourDecisionBot into a bot of the protocol: each decision goes to one of its four. */
public final class FourDecisionAdapter implements TrucoBot.Bot {
    private final FourDecisionBot bot;

    public FourDecisionAdapter(FourDecisionBot bot) { this.bot = bot; }

    @Override
    @SuppressWarnings("unchecked")
    public String decide(Map<String, Object> view, List<String> legal, Random rng) {
        Intel intel = new Intel(view);
        Map<String, Object> pending = (Map<String, Object>) view.get("pending");
        String raise = legal.stream().filter(a -> a.startsWith("raise")).findFirst().orElse(null);
        if (pending != null) {
            String kind = (String) pending.get("kind");
            if (kind.equals("ten-choice")) return bot.getMaoDeOnzeResponse(intel) ? "ten-play" : "ten-decline";
            if (kind.equals("truco")) {
                int answer = bot.getRaiseResponse(intel);
                if (answer > 0 && raise != null) return raise;
                return answer < 0 ? "run" : "accept";
            }
            // envido and flor, which the four decisions do not know: let them pass
            return legal.contains("run") ? "run" : legal.contains("flor-pass") ? "flor-pass" : legal.get(0);
        }
        if (legal.contains("flor")) return "flor";  // a flor must be sung (rulesets with flor)
        if (raise != null && bot.decideIfRaises(intel)) return raise;
        if (intel.cards().isEmpty()) {  // a blind hand: the cards are played by their slot
            return legal.stream().filter(a -> a.startsWith("play #")).findFirst().orElse(legal.get(0));
        }
        FourDecisionBot.CardToPlay choice = bot.chooseCard(intel);
        return (choice.covered ? "cover " : "play ") + choice.card;
    }
}
