package fencecheck.report;


import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** What every page of the report shares: its head and a few ways to shorten text. */
final class Pages {

    static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private Pages() {
    }

    static String head(String title) {
        return head(title, "");
    }

    /** The head of a page with the shared style and, after it, the page's own ({@code pageStyle}, may be empty). */
    static String head(String title, String pageStyle) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<link rel=\"icon\" href=\"data:,\">\n"
                + "<title>" + Html.esc(title) + "</title>\n<style>\n" + Html.STYLE + pageStyle + "</style>\n</head>\n<body>\n";
    }

    static String shortProperty(String property) {
        return property == null ? "?" : property;
    }

    static String clip(String text, int max) {
        if (text == null) {
            return "";
        }
        String line = text.lines().findFirst().orElse("");
        return line.length() <= max ? line : line.substring(0, max - 1) + "…";
    }
}
