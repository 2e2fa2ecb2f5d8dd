package fencecheck.model;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/** Time is counted in microseconds; virtual time prints as seconds with all six digits, real time as ms. */
public final class Micros {

    public static final long SECOND = 1_000_000L;

    /** Time 0: virtual time counts from it, and every instant an implementation answers is counted from it too. */
    public static final Instant ORIGIN = Instant.parse("2030-01-01T00:00:00Z");

    private Micros() {
    }

    /** A real-time instant or duration in ms, to the µs: {@code 1709.260 ms}; a real-time history counts from its run's start. */
    public static String millis(long micros) {
        return String.format(Locale.ROOT, "%.3f ms", micros / 1e3);
    }

    public static String format(long micros) {
        // digit by digit rather than String.format: the model explorer words millions of judged answers
        long abs = Math.abs(micros);
        char[] words = new char[28];
        int at = words.length;
        words[--at] = 's';
        long fraction = abs % SECOND;
        for (int i = 0; i < 6; i++) {
            words[--at] = (char) ('0' + fraction % 10);
            fraction /= 10;
        }
        words[--at] = '.';
        long seconds = abs / SECOND;
        do {
            words[--at] = (char) ('0' + seconds % 10);
            seconds /= 10;
        } while (seconds > 0);
        if (micros < 0) {
            words[--at] = '-';
        }
        return new String(words, at, words.length - at);
    }

    /** The instant {@code micros} after {@link #ORIGIN}, for a sentence that names a date (a clock years away). */
    public static Instant instant(long micros) {
        return ORIGIN.plus(micros, ChronoUnit.MICROS);
    }
}
