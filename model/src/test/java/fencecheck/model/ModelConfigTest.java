package fencecheck.model;

import fencecheck.api.Boundary;
import fencecheck.api.Lease;
import fencecheck.api.ModelConfig;
import fencecheck.api.OperationBinding;
import fencecheck.api.ReleaseEncoding;
import fencecheck.api.RowComparison;
import fencecheck.api.TimeResolution;
import fencecheck.api.TokenSequence;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ModelConfigTest {

    @Test
    void referenceClaimsTheReferenceEncodingOfEverySetting() {
        ModelConfig reference = ModelConfig.reference();

        assertThat(reference.boundary()).isEqualTo(Boundary.INCLUSIVE);
        assertThat(reference.idempotentRegrant()).isTrue();
        assertThat(reference.resolution()).isEqualTo(TimeResolution.MICROSECONDS);
        assertThat(reference.release()).isEqualTo(ReleaseEncoding.EXPIRE_BEFORE_NOW);
        assertThat(reference.binding()).isEqualTo(OperationBinding.OWNER_AND_TOKEN);
        assertThat(reference.tokens()).isEqualTo(TokenSequence.CONSECUTIVE_PER_KEY);
        assertThat(reference.rows()).isEqualTo(RowComparison.EXACT);
    }

    @Test
    void theTwoArgumentConstructorKeepsTheReferenceForTheNewSettings() {
        assertThat(new ModelConfig(Boundary.EXCLUSIVE, false)).isEqualTo(ModelConfig.reference()
                .withBoundary(Boundary.EXCLUSIVE).withIdempotentRegrant(false));
    }

    @Test
    void eachWithChangesOneSettingOnly() {
        ModelConfig r = ModelConfig.reference();

        assertThat(r.withResolution(TimeResolution.MILLISECONDS)).isEqualTo(new ModelConfig(Boundary.INCLUSIVE, true,
                TimeResolution.MILLISECONDS, ReleaseEncoding.EXPIRE_BEFORE_NOW, OperationBinding.OWNER_AND_TOKEN,
                TokenSequence.CONSECUTIVE_PER_KEY, RowComparison.EXACT));
        assertThat(r.withRelease(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED).release()).isEqualTo(ReleaseEncoding.KEEP_TOKEN_MARK_RELEASED);
        assertThat(r.withBinding(OperationBinding.OWNER_ONLY).binding()).isEqualTo(OperationBinding.OWNER_ONLY);
        assertThat(r.withTokens(TokenSequence.INCREASING).tokens()).isEqualTo(TokenSequence.INCREASING);
        assertThat(r.withRowComparison(RowComparison.VALIDITY_AND_ANSWERS).rows()).isEqualTo(RowComparison.VALIDITY_AND_ANSWERS);
        ModelConfig all = r.withResolution(TimeResolution.MILLISECONDS).withRelease(ReleaseEncoding.EXPIRE_AT_NOW)
                .withBinding(OperationBinding.OWNER_ONLY).withTokens(TokenSequence.INCREASING)
                .withRowComparison(RowComparison.VALIDITY_AND_ANSWERS);
        assertThat(all.withBoundary(Boundary.EXCLUSIVE).withIdempotentRegrant(false)).isEqualTo(new ModelConfig(
                Boundary.EXCLUSIVE, false, TimeResolution.MILLISECONDS, ReleaseEncoding.EXPIRE_AT_NOW,
                OperationBinding.OWNER_ONLY, TokenSequence.INCREASING, RowComparison.VALIDITY_AND_ANSWERS));
    }

    @Test
    void aLeaseRowOfTheReferenceIsNeverMarkedReleased() {
        assertThat(new Lease("a", 10, 1)).isEqualTo(new Lease("a", 10, 1, false));
        assertThat(new Lease("a", 10, 1).markedReleased().withOwner("w1").withUntil(5)).isEqualTo(new Lease("w1", 5, 1, true));
    }
}
