import Testing

@testable import SoundKitNotifications

@Suite("Android resource names")
struct AndroidResourceNameTests {
    @Test("aapt2's refusals are named; good names pass")
    func problems() {
        #expect(AndroidResourceName.problem("chime") == nil)
        #expect(AndroidResourceName.problem("new_message_2") == nil)
        #expect(AndroidResourceName.problem("Chime")?.contains("capital") == true)
        #expect(AndroidResourceName.problem("new-message")?.contains("hyphen") == true)
        #expect(AndroidResourceName.problem("new message")?.contains("space") == true)
        #expect(AndroidResourceName.problem("1up")?.contains("leading digit") == true)
        #expect(AndroidResourceName.problem("default")?.contains("Java keyword") == true)
        #expect(AndroidResourceName.problem("café")?.contains("é") == true)
        #expect(AndroidResourceName.problem("") != nil)
    }

    @Test("safe names are deterministic, accepted by aapt2, and documented by example")
    func safeNames() {
        let cases = [
            ("chime.wav", "chime"), ("New Message.caf", "new_message"), ("NewMessage.aiff", "new_message"),
            ("alert-2.WAV", "alert_2"), ("1up.wav", "sound_1up"), ("default.wav", "default_sound"),
            ("Café Bell.mp3", "cafe_bell"), ("__x__.wav", "x"), ("通知.wav", "sound"), ("chime.v2.wav", "chime_v2"),
            (".hidden", "hidden"), ("ALARM.ogg", "alarm"),
        ]
        for (input, expected) in cases {
            let safe = AndroidResourceName.safe(from: input)
            #expect(safe == expected, "\(input)")
            #expect(AndroidResourceName.problem(safe) == nil, "\(input) → \(safe)")
        }
        #expect(AndroidResourceName.resourceName(ofFile: "chime.v2.ogg") == "chime")
    }
}

@Suite("Android build and keep files")
struct AndroidBuildFileTests {
    @Test("shrinkResources on in Groovy and Kotlin; off, false or commented out is not")
    func shrinking() {
        #expect(AndroidChecker.shrinksResources("release {\n  shrinkResources true\n}"))
        #expect(AndroidChecker.shrinksResources("release { isShrinkResources = true }"))
        #expect(AndroidChecker.shrinksResources("shrinkResources = true"))
        #expect(!AndroidChecker.shrinksResources("shrinkResources false"))
        #expect(!AndroidChecker.shrinksResources("// shrinkResources true\nminifyEnabled true"))
        #expect(!AndroidChecker.shrinksResources(""))
    }

    @Test("tools:keep names raw resources, by name or with *")
    func keeps() {
        let patterns = AndroidChecker.keepPatterns(
            #"<resources xmlns:tools="http://schemas.android.com/tools" tools:keep="@raw/chime, @layout/x,@raw/al*" />"#
        )
        #expect(patterns == ["chime", "al*"])
        #expect(AndroidChecker.matches("al*", "alert") && !AndroidChecker.matches("al*", "chime"))
        #expect(AndroidChecker.matches("*", "anything") && AndroidChecker.matches("chime", "chime"))
        #expect(!AndroidChecker.matches("chime", "chimes") && AndroidChecker.matches("*_v2", "ding_v2"))
        #expect(AndroidChecker.keepPatterns("tools:keep='@raw/*'") == ["*"])
    }

    @Test("res/raw folders and Android projects are recognised by their paths")
    func routing() {
        #expect(AndroidRouting.isResRaw("app/src/main/res/raw") && AndroidRouting.isResRaw("res/raw/"))
        #expect(!AndroidRouting.isResRaw("raw") && !AndroidRouting.isResRaw("res/raws"))
        #expect(AndroidChecker.isInResRaw("app/src/main/res/raw/x.ogg") && AndroidChecker.isInResRaw("raw/x.ogg"))
        #expect(!AndroidChecker.isInResRaw("assets/raw2/x.ogg") && !AndroidChecker.isInResRaw("x.ogg"))
    }
}
