import Testing
@testable import SoundKitReport
import SoundKitNotifications

@Suite("HTML escaping")
struct HTMLEscapingTests {
    @Test("every character that can open markup or end an attribute is a reference; others pass through")
    func escape() {
        #expect(HTML.escape(#"<img src=x onerror=alert(1)>.wav"#) == "&lt;img src=x onerror=alert(1)&gt;.wav")
        #expect(HTML.escape(#"a&b "c" 'd' </script>"#) == "a&amp;b &quot;c&quot; &#39;d&#39; &lt;/script&gt;")
        #expect(HTML.escape("&amp;") == "&amp;amp;")
        #expect(HTML.escape("ünïcødé — µLaw 🔔") == "ünïcødé — µLaw 🔔")
        for c in "&<>\"'" { #expect(!HTML.escape("x\(c)y").contains(c) || c == "&") }
    }
}
