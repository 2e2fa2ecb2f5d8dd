package fencecheck.run;

import fencecheck.api.KeyState;
import fencecheck.model.Micros;

import java.util.StringJoiner;

/** A compact text form of a key's rows, for verdicts and tables. */
public final class Rows {

    private Rows() {
    }

    public static String describe(KeyState rows) {
        if (rows == null) {
            return "-";
        }
        StringJoiner s = new StringJoiner(", ", "{", "}");
        if (rows.lease() != null) {
            s.add("lease " + rows.lease().owner() + " token " + rows.lease().token() + " until " + Micros.format(rows.lease().until()));
        } else {
            s.add("no lease");
        }
        if (rows.latest() != null) {
            s.add("latest token " + rows.latest().token() + " \"" + rows.latest().payload() + "\"");
        }
        rows.fenced().forEach((id, r) -> s.add("fenced " + id + " token " + r.token() + " \"" + r.payload() + "\""));
        return s.toString();
    }
}
