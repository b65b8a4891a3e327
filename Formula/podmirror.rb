# Homebrew formula, usable straight from this repository as a tap:
#   brew tap OWNER/podmirror https://github.com/OWNER/podmirror
#   brew install --HEAD OWNER/podmirror/podmirror
# OWNER is the account the repository is published under. On a release, add `url` (the tag's archive)
# and `sha256` above `head`; `brew install OWNER/podmirror/podmirror` then builds that release.
class Podmirror < Formula
  desc "Set up CocoaPods through Specs and gem mirrors in one idempotent command"
  homepage "https://github.com/OWNER/podmirror"
  head "https://github.com/OWNER/podmirror.git", branch: "main"

  # swift-tools-version 6.0
  depends_on xcode: ["16.0", :build]
  depends_on "pkgconf" => :build # pkg-config finds libgit2 and libcurl for Sources/CLibgit2 and Sources/CCurl
  depends_on "libgit2"

  uses_from_macos "swift" => :build
  uses_from_macos "curl" # linked for HTTP (Sources/CCurl): macOS's own, Homebrew's curl on Linux

  def install
    args = if OS.mac?
      ["--disable-sandbox"]
    else
      ["--static-swift-stdlib"]
    end
    system "swift", "build", *args, "-c", "release", "--product", "podmirror"
    bin.install ".build/release/podmirror"
    # The binary looks for <prefix>/share/podmirror/templates next to its own folder.
    pkgshare.install "templates"
    man1.install "docs/man/podmirror.1"
    bash_completion.install "docs/completions/podmirror.bash" => "podmirror"
    zsh_completion.install "docs/completions/podmirror.zsh" => "_podmirror"
    fish_completion.install "docs/completions/podmirror.fish"
  end

  test do
    assert_match(/^\d+\.\d+\.\d+$/, shell_output("#{bin}/podmirror --version").strip)

    (testpath/"Podfile").write <<~RUBY
      source 'https://cdn.cocoapods.org/'
      platform :ios, '13.0'

      target 'App' do
        pod 'Alamofire', '~> 5.0'
      end
    RUBY
    show = JSON.parse(shell_output("#{bin}/podmirror podfile show --podfile #{testpath}/Podfile --json"))
    assert_equal ["https://cdn.cocoapods.org/"], show["sources"]
    assert_equal "13.0", show["platform"]["version"]
    assert_equal ["App"], show["targets"].map { |t| t["name"] }

    # The mirror catalog comes from the installed templates.
    assert_match "mirrors.tuna.tsinghua.edu.cn", shell_output("#{bin}/podmirror mirror list --json")
  end
end
