import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The bot side of the bot protocol (truco-bot/1) for Java bots: JDK only, copy it.
 * A bot gives decide(view, legal, rng), which returns one of legal; run() answers hello and every
 * decide. rng is seeded by the referee, so that a tournament can be played again with the same
 * results. Write nothing else on System.out: debug output goes to System.err.
 */
public final class TrucoBot {
    public static final String PROTOCOL = "truco-bot/1";

    /** The one decision of the protocol: an action out of the legal ones. */
    public interface Bot {
        String decide(Map<String, Object> view, List<String> legal, Random rng);
    }

    private TrucoBot() {}

    @SuppressWarnings("unchecked")
    public static void run(Bot bot, String name, String version) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        Random rng = new Random(0);
        String line;
        while ((line = in.readLine()) != null) {
            Map<String, Object> message = (Map<String, Object>) Json.parse(line);
            Object type = message.get("type");
            Map<String, Object> answer = new LinkedHashMap<>();
            if ("hello".equals(type)) {
                rng = new Random(((Number) message.get("seed")).longValue());
                answer.put("type", "hello");
                answer.put("protocol", PROTOCOL);
                answer.put("name", name);
                answer.put("version", version);
                answer.put("rulesets", List.of("*"));
            } else if ("decide".equals(type)) {
                answer.put("type", "action");
                answer.put("id", message.get("id"));
                answer.put("action", bot.decide((Map<String, Object>) message.get("view"),
                        (List<String>) message.get("legal"), rng));
            } else {
                return;
            }
            System.out.println(Json.write(answer));
            System.out.flush();
        }
    }
}
