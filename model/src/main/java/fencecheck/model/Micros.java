package fencecheck.model;

/** Virtual time is counted in microseconds; this prints it as seconds with all six digits. */
public final class Micros {

    public static final long SECOND = 1_000_000L;

    private Micros() {
    }

    public static String format(long micros) {
        String sign = micros < 0 ? "-" : "";
        long abs = Math.abs(micros);
        return String.format("%s%d.%06ds", sign, abs / SECOND, abs % SECOND);
    }
}
