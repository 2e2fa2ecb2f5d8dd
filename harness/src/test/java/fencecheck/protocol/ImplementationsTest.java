package fencecheck.protocol;

import fencecheck.api.Boundary;
import fencecheck.api.LeaseProtocol;
import fencecheck.api.ModelConfig;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ImplementationsTest {

    @Test
    void selectsTheReferencesAndEveryVariantByName() {
        assertThat(Implementations.select("reference").modelConfig()).isEqualTo(ModelConfig.reference());
        assertThat(Implementations.select("reference").description()).isEmpty();
        assertThat(Implementations.select("reference-exclusive").modelConfig().boundary()).isEqualTo(Boundary.EXCLUSIVE);
        assertThat(Implementations.names()).startsWith("reference", "reference-exclusive", "reference-select-for-update",
                        "reference-fence-for-update")
                .hasSize(1 + Implementations.correctAlternatives().size() + Implementations.variants().size() + Implementations.faultVariants().size()
                        + Implementations.jobVariants().size() + Implementations.realTimeVariants().size()
                        + Implementations.replicaVariants().size())
                .doesNotHaveDuplicates();
        for (String name : Implementations.names()) {
            assertThat(Implementations.select(name).name()).isEqualTo(name);
        }
        assertThat(Implementations.variants()).extracting(LeaseProtocol::name).doesNotContain("reference", "reference-exclusive");
        assertThat(Implementations.correctAlternatives()).extracting(LeaseProtocol::description).containsOnly("");
    }

    @Test
    void selectsAUsersClassByName() {
        LeaseProtocol own = Implementations.select(SqlLeaseProtocol.class.getName());
        assertThat(own.name()).isEqualTo("reference");
    }

    @Test
    void anUnknownNameFailsWithOneLineListingTheValidNames() {
        assertThatThrownBy(() -> Implementations.select("refrence"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining("\n")
                .hasMessageStartingWith("fencecheck.implementation=refrence is not a known implementation; use one of reference, reference-exclusive, reference-select-for-update,")
                .hasMessageContaining("stable-owner")
                .hasMessageContaining("fully qualified name of a class implementing fencecheck.api.LeaseProtocol");
    }

    @Test
    void aClassThatIsNotAProtocolFailsWithOneLine() {
        assertThatThrownBy(() -> Implementations.select("com.example.Missing"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining("\n")
                .hasMessageContaining("no such class");
        assertThatThrownBy(() -> Implementations.select("java.lang.String"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("fencecheck.implementation=java.lang.String does not implement fencecheck.api.LeaseProtocol");
    }

    @Test
    void theSystemPropertyPicksTheImplementation() {
        String before = System.getProperty(Implementations.PROPERTY);
        try {
            System.clearProperty(Implementations.PROPERTY);
            assertThat(Implementations.fromSystemProperty().name()).isEqualTo("reference");
            System.setProperty(Implementations.PROPERTY, "shared-fence");
            assertThat(Implementations.fromSystemProperty().name()).isEqualTo("shared-fence");
        } finally {
            if (before == null) {
                System.clearProperty(Implementations.PROPERTY);
            } else {
                System.setProperty(Implementations.PROPERTY, before);
            }
        }
    }

    @Test
    void referenceOwnersAreFreshAndTheStableOwnerVariantsAreNot() {
        LeaseProtocol reference = Implementations.select("reference");
        assertThat(reference.newOwner("w")).isNotEqualTo(reference.newOwner("w"));
        LeaseProtocol stable = Implementations.select("stable-owner");
        assertThat(stable.newOwner("w")).isEqualTo(stable.newOwner("w")).isNotEqualTo(stable.newOwner("v"));
    }
}
