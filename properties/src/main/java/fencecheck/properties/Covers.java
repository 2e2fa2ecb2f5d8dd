package fencecheck.properties;

import fencecheck.api.Check;
import fencecheck.run.Situation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The situations a property is responsible for reaching: each must occur in
 * at least {@link Coverage#FLOOR_PERCENT} of its tries. The result file marks
 * them with that floor; the others are counted, not judged.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Covers {
    Check value();
}
