# Homebrew formula for soundkit. packaging/homebrew/ is a tap's layout: published as the repository
# OWNER/homebrew-soundkit, `brew install OWNER/soundkit/soundkit` finds it. At each release, url and sha256 name the
# tag's source archive (`curl -sL URL | shasum -a 256`).
class Soundkit < Formula
  desc "Make and check iOS notification sounds, like afconvert, on macOS and Linux"
  homepage "https://github.com/soundkit/soundkit"
  url "https://github.com/soundkit/soundkit/archive/refs/tags/v0.2.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  license "Apache-2.0"
  head "https://github.com/soundkit/soundkit.git", branch: "main"

  depends_on xcode: ["16.3", :build] # Swift 6.1 tools
  depends_on "pkgconf" => :build
  depends_on "ffmpeg"
  depends_on "libsndfile"
  depends_on "libsoxr"
  depends_on "libyaml"

  uses_from_macos "swift" => :build

  def install
    # scripts/build says why function-signature-opts is off for release builds.
    # Both are built in the server's package (Server/, which depends on this one by path; soundkit-serve needs
    # macOS 14 where the libraries need 13), so that neither build compiles the other's modules again.
    args = %w[--disable-sandbox -c release --package-path Server --product soundkit
              -Xswiftc -Xllvm -Xswiftc -sil-disable-pass=function-signature-opts]
    args << "--static-swift-stdlib" if OS.linux?
    system "swift", "build", *args
    # `soundkit serve` runs soundkit-serve from the folder soundkit really is in (the Cellar's bin, through the
    # symlink brew puts in HOMEBREW_PREFIX/bin): built with the same flags, installed beside it.
    system "swift", "build", *args.map { |a| (a == "soundkit") ? "soundkit-serve" : a }
    bin.install "Server/.build/release/soundkit", "Server/.build/release/soundkit-serve"
    pkgshare.install "scripts/xcode-check-sounds.sh"
    generate_completions_from_executable(bin/"soundkit", "--generate-completion-script")

    # The man page, by ArgumentParser's generate-manual from the checkout swift build resolved.
    parser = %w[--disable-sandbox --package-path Server/.build/checkouts/swift-argument-parser
                --scratch-path .build-tools/generate-manual]
    system "swift", "build", *parser, "--product", "generate-manual"
    system ".build-tools/generate-manual/debug/generate-manual", bin/"soundkit", "--output-directory", "man"
    man1.install "man/soundkit.1"
  end

  test do
    assert_equal version.to_s, shell_output("#{bin}/soundkit --version").strip

    # One second of a 440 Hz tone, 16-bit mono WAV at 22,050 Hz, written here: the test needs no other tool.
    rate = 22_050
    samples = Array.new(rate) { |i| (8000 * Math.sin(2 * Math::PI * 440 * i / rate)).round }
    data = samples.pack("s<*")
    header = ["RIFF", 36 + data.bytesize, "WAVE", "fmt ", 16, 1, 1, rate, rate * 2, 2, 16, "data", data.bytesize]
    (testpath/"tone.wav").binwrite(header.pack("a4Va4a4VvvVVvva4V") + data)

    system bin/"soundkit", "convert", "tone.wav", "tone.caf", "-d", "ima4"
    assert_match "ima4", shell_output("#{bin}/soundkit info tone.caf")
    system bin/"soundkit", "check", "tone.caf"

    # soundkit serve finds soundkit-serve beside it: --help is the server's own usage.
    assert_match "USAGE: soundkit serve", shell_output("#{bin}/soundkit-serve --help")
    port = free_port
    server = spawn bin/"soundkit", "serve", "--port", port.to_s, out: "serve.log"
    begin
      30.times do
        break if File.exist?("serve.log") && File.read("serve.log").include?("listening on")

        sleep 1
      end
      assert_match "listening on http://127.0.0.1:#{port}", File.read("serve.log")
      assert_match "ima4", shell_output("curl -s --data-binary @tone.caf " \
                                        "'http://127.0.0.1:#{port}/v1/sounds/info?name=tone.caf'")
    ensure
      Process.kill("TERM", server)
      Process.wait(server)
    end
  end
end
