import java.util.List;
import java.util.Random;

/** A four-decision bot that decides at random. */
public final class RandomBot implements FourDecisionBot {
    private final Random rng = new Random(7);

    @Override
    public CardToPlay chooseCard(Intel intel) {
        List<String> cards = intel.cards();
        return CardToPlay.of(cards.get(rng.nextInt(cards.size())));
    }

    @Override
    public boolean decideIfRaises(Intel intel) { return rng.nextInt(10) == 0; }

    @Override
    public int getRaiseResponse(Intel intel) { return rng.nextInt(3) - 1; }

    @Override
    public boolean getMaoDeOnzeResponse(Intel intel) { return rng.nextBoolean(); }

    public static void main(String[] args) throws Exception {
        TrucoBot.run(new FourDecisionAdapter(new RandomBot()), "random-java", "1.0");
    }
}
